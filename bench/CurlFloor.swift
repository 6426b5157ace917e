// The product's own floor for the benchmark: the least a client on the same stack does to read
// every page. One libcurl easy handle (so one keep-alive connection), one request at a time,
// JSONSerialization, and the same Movie values `movies` keeps, all of them kept. No paging
// state, no rendering, no concurrency. Built by scripts/bench with
// `swiftc -O -I Sources/CCurl`; not part of the package.
//
//   curl-floor API PAGES COUNT
import CCurl
import Foundation

/// The fields `movies` keeps of a row (MoviesCore's Movie), read the same loose way.
struct Movie {
  var id: String?
  var title: String
  var genres: [String]
  var thumbnail: String?
  var link: String?
  var rating: Double?
  var ratingCount: Int?
  var releaseDate: String?
  var runningTime: Int?
  var grade: String?
  var otherFields: [String: String]
}

func text(_ value: Any?) -> String? {
  switch value {
  case let string as String: string.isEmpty ? nil : string
  case let number as NSNumber: number.stringValue
  default: nil
  }
}

func number(_ value: Any?) -> Double? {
  switch value {
  case let number as NSNumber: number.doubleValue
  case let string as String: Double(string)
  default: nil
  }
}

func movie(from row: [String: Any]) -> Movie? {
  var movie = Movie(title: "", genres: [], otherFields: [:])
  var title: String?
  for (key, value) in row {
    switch key {
    case "title": title = text(value)
    case "movieId": movie.id = text(value)
    case "genreNames":
      movie.genres = text(value)?.split(separator: ",").map(String.init) ?? []
    case "thumbnailImage": movie.thumbnail = text(value)
    case "linkUrl": movie.link = text(value)
    case "ratingAverage": movie.rating = number(value)
    case "ratingCount": movie.ratingCount = number(value).map { Int($0) }
    case "releaseDate": movie.releaseDate = text(value)
    case "runningTime": movie.runningTime = number(value).map { Int($0) }
    case "grade": movie.grade = text(value)
    default: if let text = text(value) { movie.otherFields[key] = text }
    }
  }
  guard let title else { return nil }
  movie.title = title
  return movie
}

/// The body of the transfer under way; libcurl's write callback reaches it by pointer.
final class Body {
  var bytes = Data()
}

let write:
  @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
    data, size, count, context in
    guard let data, let context else { return 0 }
    let body = Unmanaged<Body>.fromOpaque(context).takeUnretainedValue()
    body.bytes.append(
      UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: size * count)
    return size * count
  }

let arguments = CommandLine.arguments
guard arguments.count == 4, let pages = Int(arguments[2]) else {
  FileHandle.standardError.write(Data("usage: curl-floor API PAGES COUNT\n".utf8))
  exit(2)
}
guard curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK, let easy = curl_easy_init() else {
  exit(1)
}
let body = Body()
_ = movies_curl_set_data_fn(easy, CURLOPT_WRITEFUNCTION, write)
_ = movies_curl_set_pointer(easy, CURLOPT_WRITEDATA, Unmanaged.passUnretained(body).toOpaque())
var movies: [Movie] = []
for page in 1...pages {
  let address =
    "\(arguments[1])?version=1&page=\(page)&count=\(arguments[3])&genreId=&order=releasedateasc"
  body.bytes.removeAll(keepingCapacity: true)
  guard movies_curl_set_string(easy, CURLOPT_URL, address) == CURLE_OK,
    curl_easy_perform(easy) == CURLE_OK,
    let root = try JSONSerialization.jsonObject(with: body.bytes) as? [String: Any],
    let list = ((root["hoppin"] as? [String: Any])?["movies"] as? [String: Any])?["movie"]
  else { exit(1) }
  let rows = list as? [Any] ?? [list]
  movies.append(contentsOf: rows.compactMap { ($0 as? [String: Any]).flatMap(movie(from:)) })
}
curl_easy_cleanup(easy)
print(movies.count)
