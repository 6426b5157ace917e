import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The repo's local Plex Media Server (`scripts/plex-server.py`) over the first movies of the
/// IMDb CSV, on a free loopback port for one test, with its request log.
public final class PlexTestServer {
  /// The token the server accepts.
  public static let token = "test-plex-token"
  /// The server's `machineIdentifier` (from `/identity`).
  public static let machineIdentifier = "5f1b2c3d4e5f60718293a4b5c6d7e8f901234567"
  /// The IMDb CSV the library is made of.
  public static let csv = TestPaths.imdbCSV

  /// One request, as the server logged it.
  public struct Request: Sendable, Equatable {
    /// The HTTP method.
    public var method: String
    /// The path, without the query.
    public var path: String
    /// The URL's parameters (an `X-Plex-Token` among them is left out: see ``tokenVia``).
    public var query: [String: String]
    /// The status the server answered.
    public var status: Int
    /// "header", "url", "both", or nil when no token came.
    public var tokenVia: String?
    /// Whether the token was the server's.
    public var tokenValid: Bool
    /// The `Accept` and `X-Plex-*` headers (the token's left out).
    public var headers: [String: String]

    /// The container start asked for, from the header or the parameter.
    public var containerStart: Int? {
      (headers["X-Plex-Container-Start"] ?? query["X-Plex-Container-Start"]).flatMap { Int($0) }
    }

    /// The container size asked for, from the header or the parameter.
    public var containerSize: Int? {
      (headers["X-Plex-Container-Size"] ?? query["X-Plex-Container-Size"]).flatMap { Int($0) }
    }
  }

  /// Where it listens, such as `http://127.0.0.1:40123`.
  public let baseURL: URL
  /// Its request log, one JSON line a request.
  public let logFile: URL
  private let folder: URL
  private let process: Process

  /// - Parameters:
  ///   - limit: serve only the first N films of the CSV.
  ///   - extraArguments: further options, such as `--fault unavailable`.
  public init(limit: Int = 60, extraArguments: [String] = []) async throws {
    folder = try TestPaths.makeTemporaryFolder()
    logFile = folder.appendingPathComponent("requests.log")
    (process, baseURL) = try await ServerProcess.start(
      [
        "python3", TestPaths.packageRoot.appendingPathComponent("scripts/plex-server.py").path,
        "--host", "127.0.0.1", "--port", "0", "--csv", Self.csv.path, "--limit", String(limit),
        "--log", logFile.path,
      ] + extraArguments)
  }

  deinit {
    ServerProcess.stop(process)
    try? FileManager.default.removeItem(at: folder)
  }

  /// Stops the server now (the tests that need it down).
  public func stop() { ServerProcess.stop(process) }

  /// The flags that browse it, then `extra`.
  public func arguments(_ extra: [String] = []) -> [String] {
    ["--source", "plex", "--api", baseURL.absoluteString] + extra
  }

  /// The environment holding the token.
  public static let environment = ["PLEX_TOKEN": token]

  /// Every request so far, in order.
  public func requests() throws -> [Request] {
    guard let data = FileManager.default.contents(atPath: logFile.path) else { return [] }
    return try String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
      return Request(
        method: object["method"] as? String ?? "",
        path: object["path"] as? String ?? "",
        query: object["query"] as? [String: String] ?? [:],
        status: object["status"] as? Int ?? 0,
        tokenVia: object["tokenVia"] as? String,
        tokenValid: object["tokenValid"] as? Bool ?? false,
        headers: object["headers"] as? [String: String] ?? [:])
    }
  }

  /// The list requests (`/library/sections/{key}/all`) so far.
  public func listRequests() throws -> [Request] {
    try requests().filter { $0.path.hasPrefix("/library/sections/") && $0.path.hasSuffix("/all") }
  }

  /// The poster requests (a thumb path or the photo transcoder) so far.
  public func posterRequests() throws -> [Request] {
    try requests().filter { $0.path.contains("/thumb/") || $0.path == "/photo/:/transcode" }
  }

  /// The titles of a page of section `section` straight from the server, as the oracle the
  /// program's output is compared with.
  public func titles(section: String = "1", query: String, start: Int, size: Int) async throws
    -> [String]
  {
    try await metadata("/library/sections/\(section)/all?type=1&" + query, start: start, size: size)
      .compactMap { $0["title"] as? String }
  }

  /// The `Metadata` of an answer straight from the server (`/library/metadata/1001/similar`).
  public func metadata(_ pathAndQuery: String, start: Int = 0, size: Int = 50) async throws
    -> [[String: Any]]
  {
    let answer = try await container(
      pathAndQuery,
      headers: ["X-Plex-Container-Start": String(start), "X-Plex-Container-Size": String(size)])
    return answer["Metadata"] as? [[String: Any]] ?? []
  }
}
