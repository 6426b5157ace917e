import Foundation

/// A source with a local server in the repo that stands in for a real service, for the tests
/// that hold TMDb, Jellyfin and Plex to the same behaviour.
public enum RealSource: String, CaseIterable, Sendable, CustomStringConvertible {
  case tmdb, jellyfin, plex

  /// The source's name, as `--source` takes it.
  public var description: String { rawValue }
}

/// TMDb's, Jellyfin's or Plex's local server, started for one test, with what a test needs of either:
/// the flags and secret that browse it, its requests by kind, and the words the program uses
/// for it.
public final class LocalSourceServer {
  /// Which server this is.
  public let source: RealSource
  private let tmdb: TMDbTestServer?
  private let jellyfin: JellyfinTestServer?
  private let plex: PlexTestServer?

  /// Starts the source's server over the first `limit` films of the CSV.
  public init(_ source: RealSource, limit: Int, extraArguments: [String] = []) async throws {
    self.source = source
    tmdb =
      source == .tmdb
      ? try await TMDbTestServer(limit: limit, extraArguments: extraArguments) : nil
    jellyfin =
      source == .jellyfin
      ? try await JellyfinTestServer(limit: limit, extraArguments: extraArguments) : nil
    plex =
      source == .plex
      ? try await PlexTestServer(limit: limit, extraArguments: extraArguments) : nil
  }

  /// Stops the server.
  public func stop() {
    tmdb?.stop()
    jellyfin?.stop()
    plex?.stop()
  }

  /// The flags that browse it (Jellyfin as alice, with the API key), then `extra`.
  public func arguments(_ extra: [String] = []) -> [String] {
    if let tmdb { return tmdb.arguments(extra) }
    if let plex { return plex.arguments(extra) }
    let url = jellyfin?.baseURL.absoluteString ?? ""
    return ["--source", "jellyfin", "--api", url, "--jellyfin-user", "alice"] + extra
  }

  /// The secret the program is given.
  public var secret: String {
    switch source {
    case .tmdb: TMDbTestServer.apiKey
    case .jellyfin: JellyfinTestServer.apiKey
    case .plex: PlexTestServer.token
    }
  }

  /// The variable holding the secret, set.
  public var environment: [String: String] {
    switch source {
    case .tmdb: ["TMDB_API_KEY": secret]
    case .jellyfin: ["JELLYFIN_TOKEN": secret]
    case .plex: PlexTestServer.environment
    }
  }

  /// How the watchlist names the source (its `source` in JSON).
  public var recordedName: String {
    // The local TMDb is not at TMDb's usual address, so the library keeps it.
    if let tmdb { return "tmdb:" + tmdb.apiURL.absoluteString }
    if let plex { return "plex:" + plex.baseURL.absoluteString }
    return "jellyfin:" + (jellyfin?.baseURL.absoluteString ?? "")
  }

  /// What `thumb N` says of a film without a poster.
  public var noPosterLine: String {
    switch source {
    case .tmdb: "TMDb has no poster for this film."
    case .jellyfin: "Jellyfin has no poster for this film."
    case .plex: "Plex has no poster for this film."
    }
  }

  /// The prompt's name of the source's default order.
  public var defaultOrder: String { source == .tmdb ? "popular" : "added" }

  /// The path and query of every poster request, in order.
  public func posterRequests() throws -> [String] {
    if let tmdb { return try tmdb.posterRequests().map(\.path) }
    if let plex {
      return try plex.posterRequests().map { $0.path + "?url=" + ($0.query["url"] ?? "") }
    }
    return try jellyfin?.posterRequests().map { $0.path + "?tag=" + ($0.query["tag"] ?? "") } ?? []
  }

  /// How many requests arrived so far.
  public func requestCount() throws -> Int {
    try tmdb?.requests().count ?? jellyfin?.requests().count ?? plex?.requests().count ?? 0
  }

  /// The paths of the requests after the first `count`.
  public func paths(after count: Int) throws -> [String] {
    let paths =
      try tmdb?.requests().map(\.path) ?? jellyfin?.requests().map(\.path)
      ?? plex?.requests().map(\.path) ?? []
    return Array(paths.dropFirst(count))
  }

  /// Whether every request so far carried the secret the way the source takes it: TMDb's
  /// API requests as `api_key`, and not its posters; every Jellyfin and Plex request in the
  /// header (never, for Plex, in the address).
  public func everyRequestCarriedTheSecret() throws -> Bool {
    if let tmdb {
      return try tmdb.requests().allSatisfy { request in
        request.path.hasPrefix("/t/p/")
          ? request.query["api_key"] == nil : request.query["api_key"] == secret
      }
    }
    if let plex {
      return try plex.requests().allSatisfy { $0.tokenVia == "header" && $0.tokenValid }
    }
    return try jellyfin?.requests().allSatisfy { request in
      request.path.hasPrefix("/web") || request.token == "api-key"
    } ?? false
  }

  /// The requests for rows, as `page` (TMDb), `StartIndex` (Jellyfin) or container start
  /// (Plex) values, in order.
  public func listRequests() throws -> [Int] {
    if let tmdb { return try tmdb.pages() }
    if let plex {
      return try plex.listRequests().filter { $0.headers["X-Plex-Client-Identifier"] != "oracle" }
        .compactMap(\.containerStart)
    }
    return try jellyfin?.itemRequests().filter { $0.authorization?["Client"] != "oracle" }
      .compactMap { $0.query["StartIndex"].flatMap(Int.init) } ?? []
  }

  /// Whether every list request stayed within a list of `films`: TMDb pages of 20, Jellyfin
  /// and Plex start indexes below the total.
  public func listRequestsStay(within films: Int) throws -> Bool {
    let last = source == .tmdb ? (films + 19) / 20 : films - 1
    return try listRequests().allSatisfy { $0 <= last }
  }

  /// The titles of the first `count` films of the default list, from the server (the
  /// request shows in its log).
  public func firstTitles(_ count: Int) async throws -> [String] {
    if let tmdb {
      return Array(try await tmdb.results().compactMap { $0["title"] as? String }.prefix(count))
    }
    if let plex {
      return try await plex.titles(query: "sort=addedAt:desc,titleSort", start: 0, size: count)
    }
    return try await jellyfin?.names(
      query: "IncludeItemTypes=Movie&Recursive=true&SortBy=DateCreated,SortName"
        + "&SortOrder=Descending,Ascending&StartIndex=0&Limit=\(count)") ?? []
  }
}
