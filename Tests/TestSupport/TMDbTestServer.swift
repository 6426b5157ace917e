import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The repo's local TMDb (`scripts/tmdb-server.py`), started on a free loopback port for one
/// test, with its request log: what was asked, with which credential, and when.
public final class TMDbTestServer {
  /// One request, as the server logged it.
  public struct Request: Sendable, Equatable {
    /// The request's path.
    public var path: String
    /// Its query parameters.
    public var query: [String: String]
    /// The `Authorization` header as sent; nil when there was none.
    public var authorization: String?
    /// The status answered.
    public var status: Int
    /// Seconds since 1970 when it arrived.
    public var time: Double
  }

  /// The key and token it accepts.
  public static let apiKey = "tmdb-test-key-0123456789abcdef"
  /// The v4 read access token it accepts.
  public static let accessToken = "tmdb-test-token-fedcba9876543210"

  /// `http://127.0.0.1:PORT`
  public let baseURL: URL
  /// The API base to pass to `--api`.
  public var apiURL: URL { baseURL.appendingPathComponent("3") }
  /// The request log, one JSON object a line.
  public let logFile: URL
  private let folder: URL
  private let process: Process

  /// Starts the server over the first `limit` films (all 10,791 of `TestPaths.imdbCSV` by
  /// default).
  /// - Parameter extraArguments: further options, such as `--rate-limit 5`.
  public init(limit: Int? = nil, extraArguments: [String] = []) async throws {
    folder = try TestPaths.makeTemporaryFolder()
    logFile = folder.appendingPathComponent("requests.log")
    var arguments = [
      "python3", TestPaths.packageRoot.appendingPathComponent("scripts/tmdb-server.py").path,
      "--host", "127.0.0.1", "--port", "0", "--log", logFile.path, "--api-key", Self.apiKey,
      "--access-token", Self.accessToken,
    ]
    if let limit { arguments += ["--limit", String(limit)] }
    arguments += extraArguments
    (process, baseURL) = try await ServerProcess.start(arguments)
  }

  deinit {
    stop()
    try? FileManager.default.removeItem(at: folder)
  }

  /// Stops the server (SIGKILL: see ``HoppinTestServer/stop()``).
  public func stop() {
    ServerProcess.stop(process)
  }

  /// The log's raw text, for checking that a secret is nowhere else in it.
  public func logText() -> String {
    FileManager.default.contents(atPath: logFile.path).map { String(decoding: $0, as: UTF8.self) }
      ?? ""
  }

  /// Every request so far, in order.
  public func requests() throws -> [Request] {
    try logText().split(separator: "\n").map { line in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
      return Request(
        path: object["path"] as? String ?? "", query: object["query"] as? [String: String] ?? [:],
        authorization: object["authorization"] as? String, status: object["status"] as? Int ?? 0,
        time: object["time"] as? Double ?? 0)
    }
  }

  /// The requests to one path, such as `/3/discover/movie`.
  public func requests(to path: String) throws -> [Request] {
    try requests().filter { $0.path == path }
  }

  /// The page numbers asked of a list path, in order.
  public func pages(of path: String = "/3/discover/movie") throws -> [Int] {
    try requests(to: path).compactMap { $0.query["page"].flatMap(Int.init) }
  }

  /// The poster requests so far.
  public func posterRequests() throws -> [Request] {
    try requests().filter { $0.path.hasPrefix("/t/p/") }
  }

  /// The most requests that arrived within any one second.
  public func busiestSecond() throws -> Int {
    let times = try requests().map(\.time).sorted()
    var most = 0
    var start = 0
    for (end, time) in times.enumerated() {
      while time - times[start] >= 1.0 { start += 1 }
      most = max(most, end - start + 1)
    }
    return most
  }

  /// A page's results straight from the server, the oracle the program's output is compared
  /// with; the request shows in the log.
  public func results(_ path: String = "discover/movie", query: String = "") async throws
    -> [[String: Any]]
  {
    try await document(path, query: query)["results"] as? [[String: Any]] ?? []
  }

  /// A whole answer straight from the server (`movie/550`), as the oracle.
  public func document(_ path: String, query: String = "") async throws -> [String: Any] {
    let address = "\(apiURL.absoluteString)/\(path)?api_key=\(Self.apiKey)&\(query)"
    guard let url = URL(string: address) else { return [:] }
    let data = try await offThePool { try Data(contentsOf: url) }
    return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
  }

  /// The environment that points `movies` at this server's key, with its own cache folder.
  public func environment(cache: URL, adding extra: [String: String] = [:]) -> [String: String] {
    ["TMDB_API_KEY": Self.apiKey, "XDG_CACHE_HOME": cache.path].merging(extra) { _, new in new }
  }

  /// `--source tmdb --api <this server>` and `arguments`.
  public func arguments(_ arguments: [String] = []) -> [String] {
    ["--source", "tmdb", "--api", apiURL.absoluteString] + arguments
  }
}
