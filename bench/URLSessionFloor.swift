// The design floor for the benchmark: the least a Swift client built on Foundation does to
// read every page. One URLSession, one request at a time, JSONSerialization, titles kept.
// Built by scripts/bench with `swiftc -O`; not part of the package.
//
//   urlsession-floor API PAGES COUNT
import Dispatch
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

let arguments = CommandLine.arguments
guard arguments.count == 4, let pages = Int(arguments[2]) else {
  FileHandle.standardError.write(Data("usage: urlsession-floor API PAGES COUNT\n".utf8))
  exit(2)
}
let session = URLSession(configuration: .ephemeral)
var titles: [String] = []
for page in 1...pages {
  let address =
    "\(arguments[1])?version=1&page=\(page)&count=\(arguments[3])&genreId=&order=releasedateasc"
  guard let url = URL(string: address) else { exit(1) }
  let done = DispatchSemaphore(value: 0)
  nonisolated(unsafe) var body: Data?
  session.dataTask(with: url) { data, _, _ in
    body = data
    done.signal()
  }.resume()
  done.wait()
  guard let body,
    let root = try JSONSerialization.jsonObject(with: body) as? [String: Any],
    let movies = ((root["hoppin"] as? [String: Any])?["movies"] as? [String: Any])?["movie"]
  else { exit(1) }
  let rows = movies as? [[String: Any]] ?? [movies as? [String: Any] ?? [:]]
  titles.append(contentsOf: rows.compactMap { $0["title"] as? String })
}
print(titles.count)
