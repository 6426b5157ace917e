import Foundation

// The oracle below fetches pages with Foundation's own HTTP stack, independent of the
// program's libcurl engine; on Linux that stack lives in FoundationNetworking.
#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The repo's Hoppin-compatible server (`scripts/hoppin-server.py`), started on a free
/// loopback port for one test, with its request log.
public final class HoppinTestServer {

  /// One request, as the server logged it.
  public struct Request: Sendable, Equatable {
    /// The request's path.
    public var path: String
    /// Its query parameters.
    public var query: [String: String]
    /// The status answered.
    public var status: Int
  }

  /// The server printed an address that is not one.
  public enum ServerError: Error {
    case badURL(String)
  }

  /// `http://127.0.0.1:PORT`
  public let baseURL: URL
  /// The movies endpoint to pass to `--api`.
  public var apiURL: URL { baseURL.appendingPathComponent("hoppin/movies") }
  /// The request log, one JSON object a line.
  public let logFile: URL
  /// Holds the log; removed with the server object, since tests read the log after `stop()`.
  private let folder: URL
  private let process: Process

  /// Starts the server.
  /// - Parameters:
  ///   - limit: serve only the first N movies of the catalogue.
  ///   - catalogue: a catalogue folder; the bundled sample data by default.
  ///   - extraArguments: further server options, such as `--content-type text/html`.
  public init(limit: Int? = nil, catalogue: URL? = nil, extraArguments: [String] = []) async throws
  {
    folder = try TestPaths.makeTemporaryFolder()
    logFile = folder.appendingPathComponent("requests.log")
    var arguments = [
      "python3", TestPaths.packageRoot.appendingPathComponent("scripts/hoppin-server.py").path,
      "--host", "127.0.0.1", "--port", "0", "--log", logFile.path,
    ]
    if let limit { arguments += ["--limit", String(limit)] }
    if let catalogue { arguments += ["--catalogue", catalogue.path] }
    arguments += extraArguments

    (process, baseURL) = try await ServerProcess.start(arguments)
  }

  deinit {
    stop()
    try? FileManager.default.removeItem(at: folder)
  }

  /// Stops the server. SIGKILL, because a child started from a Dispatch worker thread inherits
  /// its blocked signal mask, and the server would never see SIGTERM.
  public func stop() {
    ServerProcess.stop(process)
  }

  /// Every request so far, in order.
  public func requests() throws -> [Request] {
    guard let data = FileManager.default.contents(atPath: logFile.path) else { return [] }
    return try String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
      return Request(
        path: object["path"] as? String ?? "",
        query: object["query"] as? [String: String] ?? [:],
        status: object["status"] as? Int ?? 0)
    }
  }

  /// When each movie-list request arrived (seconds since 1970, as the server logged them), in
  /// order: for checking how soon the browser asked again.
  public func pageRequestTimes() throws -> [Double] {
    guard let data = FileManager.default.contents(atPath: logFile.path) else { return [] }
    return try String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      guard object?["path"] as? String == "/hoppin/movies" else { return nil }
      return object?["time"] as? Double
    }
  }

  /// The page numbers of the movie-list requests so far, in order.
  public func pageRequests() throws -> [Int] {
    try requests().filter { $0.path == "/hoppin/movies" }.compactMap {
      $0.query["page"].flatMap(Int.init)
    }
  }

  /// The thumbnail requests so far.
  public func posterRequests() throws -> [Request] {
    try requests().filter { $0.path.hasPrefix("/posters/") }
  }

  /// Fetches a page straight from the server, as the oracle the browser's output is compared
  /// with. The request shows up in the log, so call this before or after the run under test.
  public func titles(page: Int, count: Int = 10, extraQuery: String = "") async throws -> [String] {
    try await movies(page: page, count: count, extraQuery: extraQuery).compactMap {
      $0["title"] as? String
    }
  }

  /// A page's movies as the server sends them, straight from the server: the oracle for
  /// fields other than the title.
  public func movies(page: Int, count: Int = 10, extraQuery: String = "") async throws
    -> [[String: Any]]
  {
    let address = "\(apiURL.absoluteString)?version=1&page=\(page)&count=\(count)\(extraQuery)"
    guard let url = URL(string: address) else { throw ServerError.badURL(address) }
    let data = try await offThePool { try Data(contentsOf: url) }
    let root = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    let movies = (root?["hoppin"] as? [String: Any])?["movies"] as? [String: Any]
    switch movies?["movie"] {
    case let list as [[String: Any]]: return list
    case let single as [String: Any]: return [single]
    default: return []
    }
  }
}
