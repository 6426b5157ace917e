import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The repo's local Jellyfin (`scripts/jellyfin-server.py`) over the first movies of the IMDb
/// CSV, on a free loopback port for one test, with its request log.
public final class JellyfinTestServer {
  /// The API key the server accepts.
  public static let apiKey = "test-api-key"
  /// A user's own access token (bob, not an administrator).
  public static let bobToken = "bob-token"
  /// The IMDb CSV the library is made of.
  public static let csv = TestPaths.imdbCSV

  /// One request, as the server logged it.
  public struct Request: Sendable, Equatable {
    /// The HTTP method.
    public var method: String = "GET"
    /// The request's path.
    public var path: String
    /// Its query parameters.
    public var query: [String: String]
    /// The status answered.
    public var status: Int
    /// The `MediaBrowser` header's parameters but the token; nil without the header.
    public var authorization: [String: String]?
    /// "api-key", "user", "invalid", "legacy" or "missing".
    public var token: String
    /// A POST's JSON body, each value written out (`PositionTicks` as digits); empty for none.
    public var body: [String: String] = [:]
    /// Which sign-in (`/Users/AuthenticateByName`) gave the token, 1 for the first; nil for
    /// another token or none.
    public var signedIn: Int? = nil
  }

  /// `http://127.0.0.1:PORT`, for `--api`.
  public let baseURL: URL
  /// The request log, one JSON object a line.
  public let logFile: URL
  private let folder: URL
  private let process: Process

  /// - Parameters:
  ///   - limit: serve only the first N films of the CSV.
  ///   - extraArguments: further options, such as `--tag-salt v2`.
  ///   - host: the loopback address to listen on (127.0.0.2 is another host).
  public init(limit: Int = 60, extraArguments: [String] = [], host: String = "127.0.0.1")
    async throws
  {
    folder = try TestPaths.makeTemporaryFolder()
    logFile = folder.appendingPathComponent("requests.log")
    (process, baseURL) = try await ServerProcess.start(
      [
        "python3", TestPaths.packageRoot.appendingPathComponent("scripts/jellyfin-server.py").path,
        "--host", host, "--port", "0", "--csv", Self.csv.path, "--limit", String(limit),
        "--log", logFile.path,
      ] + extraArguments)
  }

  deinit {
    ServerProcess.stop(process)
    try? FileManager.default.removeItem(at: folder)
  }

  /// Stops the server.
  public func stop() { ServerProcess.stop(process) }

  /// Every request so far, in order.
  public func requests() throws -> [Request] {
    guard let data = FileManager.default.contents(atPath: logFile.path) else { return [] }
    return try String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
      let body = (object["body"] as? [String: Any] ?? [:]).mapValues { "\($0)" }
      return Request(
        method: object["method"] as? String ?? "",
        path: object["path"] as? String ?? "",
        query: object["query"] as? [String: String] ?? [:],
        status: object["status"] as? Int ?? 0,
        authorization: object["auth"] as? [String: String],
        token: object["token"] as? String ?? "", body: body,
        signedIn: object["signed_in"] as? Int)
    }
  }

  /// The `/Items` requests so far.
  public func itemRequests() throws -> [Request] {
    try requests().filter { $0.path == "/Items" }
  }

  /// The poster requests so far.
  public func posterRequests() throws -> [Request] {
    try requests().filter { $0.path.hasSuffix("/Images/Primary") }
  }

  /// A page of `/Items` straight from the server, as the oracle the program's output is
  /// compared with: the films' names.
  public func names(query: String) async throws -> [String] {
    try await items(query: query).compactMap { $0["Name"] as? String }
  }

  /// The items of an answer straight from the server (`/Items`, or `/Items/{id}/Similar`).
  public func items(_ path: String = "/Items", query: String) async throws -> [[String: Any]] {
    let root = try await answer(path + "?" + query) as? [String: Any]
    return root?["Items"] as? [[String: Any]] ?? []
  }
}

extension JellyfinTestServer {
  /// The server's API key, as `JELLYFIN_TOKEN`.
  public static let tokenEnvironment = ["JELLYFIN_TOKEN": JellyfinTestServer.apiKey]

  /// `movies` on this server's library as alice, without prefetch, running `commands` as
  /// `-c` lines after the `extra` flags.
  public func runMovies(
    _ commands: [String], extra: [String] = [],
    environment: [String: String] = JellyfinTestServer.tokenEnvironment
  ) async throws -> MoviesRun {
    try await MoviesRun.run(
      [
        "--source", "jellyfin", "--api", baseURL.absoluteString, "--jellyfin-user", "alice",
        "--no-prefetch",
      ] + extra + commands.flatMap { ["-c", $0] },
      environment: environment)
  }
}

extension JellyfinTestServer {
  /// A person at `movies`' prompt in tmux (120 by 40) on this server as bob, without prefetch,
  /// with `player` first on `PATH`.
  public func promptAsBob(player: StandInPlayer) throws -> TmuxSession {
    try TmuxSession(
      arguments: ["--source", "jellyfin", "--api", baseURL.absoluteString, "--no-prefetch"],
      environment: ["JELLYFIN_TOKEN": Self.bobToken, "PATH": player.path()],
      width: 120, height: 40)
  }
}
