import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What the local servers say of a film's playback, asked straight (Foundation's own HTTP,
/// not the program's), as the oracle a play's reports are checked against.
public struct ServerFilm: Sendable, Hashable {
  /// Jellyfin's item id, or Plex's ratingKey.
  public var id: String
  /// Its title.
  public var title: String
  /// Its length in seconds.
  public var length: Double
  /// Where the user stopped, in seconds (0: not started, or played out).
  public var position: Double
  /// Played (Jellyfin's `Played`), or how many times watched (Plex's `viewCount`) above 0.
  public var played: Bool

  /// The first film of `films` never started, with its row (1-based); nil when none is.
  public static func firstUnstarted(in films: [ServerFilm]) -> (row: Int, film: ServerFilm)? {
    films.firstIndex { !$0.played && $0.position == 0 && $0.length > 0 }.map {
      ($0 + 1, films[$0])
    }
  }
}

extension JellyfinTestServer {
  /// The films as `user`'s token (or the API key for `userID`) lists them in the program's
  /// default order (recently added first), the first `limit`.
  public func films(token: String = apiKey, userID: String? = nil, limit: Int = 20) async throws
    -> [ServerFilm]
  {
    let query =
      "Recursive=true&IncludeItemTypes=Movie&SortBy=DateCreated,SortName"
      + "&SortOrder=Descending,Ascending&Limit=\(limit)" + (userID.map { "&userId=\($0)" } ?? "")
    let root = try await oracle("/Items?" + query, token: token)
    return (root["Items"] as? [[String: Any]] ?? []).map(Self.film)
  }

  /// One film as the server has it now, for `token`'s user (or `userID`'s).
  public func film(_ id: String, token: String = apiKey, userID: String? = nil) async throws
    -> ServerFilm
  {
    Self.film(
      try await oracle("/Items/\(id)" + (userID.map { "?userId=\($0)" } ?? ""), token: token))
  }

  /// A user's id, by name.
  public func userID(_ name: String) async throws -> String {
    let users = try await answer("/Users") as? [[String: Any]] ?? []
    return users.first { $0["Name"] as? String == name }?["Id"] as? String ?? ""
  }

  /// The JSON the server answers `path` (with its query) with, asked through Foundation's
  /// own HTTP stack, independent of the program's libcurl engine, as client `oracle` (which
  /// the request logs' readers leave out), with `token` (the API key unless told).
  public func answer(_ path: String, token: String = apiKey) async throws -> Any {
    guard let url = URL(string: baseURL.absoluteString + path) else { return [:] }
    var request = URLRequest(url: url)
    request.setValue(
      "MediaBrowser Client=\"oracle\", Device=\"t\", DeviceId=\"t\", Version=\"1\", "
        + "Token=\"\(token)\"", forHTTPHeaderField: "Authorization")
    let (data, _) = try await URLSession.shared.data(for: request)
    return try JSONSerialization.jsonObject(with: data)
  }

  private func oracle(_ path: String, token: String) async throws -> [String: Any] {
    try await answer(path, token: token) as? [String: Any] ?? [:]
  }

  private static func film(_ item: [String: Any]) -> ServerFilm {
    let data = item["UserData"] as? [String: Any] ?? [:]
    return ServerFilm(
      id: item["Id"] as? String ?? "", title: item["Name"] as? String ?? "",
      length: Double(item["RunTimeTicks"] as? Int ?? 0) / 10_000_000,
      position: Double(data["PlaybackPositionTicks"] as? Int ?? 0) / 10_000_000,
      played: data["Played"] as? Bool ?? false)
  }
}

extension PlexTestServer {
  /// The first `limit` films of the movie section in the program's default order.
  public func films(limit: Int = 20) async throws -> [ServerFilm] {
    let answer = try await container(
      "/library/sections/1/all?type=1&sort=addedAt:desc,titleSort",
      headers: ["X-Plex-Container-Start": "0", "X-Plex-Container-Size": String(limit)])
    return (answer["Metadata"] as? [[String: Any]] ?? []).map(Self.film)
  }

  /// One film as the server has it now.
  public func film(_ ratingKey: String) async throws -> ServerFilm {
    let answer = try await container("/library/metadata/\(ratingKey)")
    return Self.film((answer["Metadata"] as? [[String: Any]])?.first ?? [:])
  }

  /// The `MediaContainer` the server answers `path` (with its query) with, in JSON, asked
  /// through Foundation's own HTTP stack, independent of the program's libcurl engine, as
  /// client `oracle` (which the request logs' readers leave out), with `headers` besides.
  public func container(_ path: String, headers: [String: String] = [:]) async throws
    -> [String: Any]
  {
    guard let url = URL(string: baseURL.absoluteString + path) else { return [:] }
    var request = URLRequest(url: url)
    request.setValue(Self.token, forHTTPHeaderField: "X-Plex-Token")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    request.setValue("oracle", forHTTPHeaderField: "X-Plex-Client-Identifier")
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, _) = try await URLSession.shared.data(for: request)
    let root = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    return root?["MediaContainer"] as? [String: Any] ?? [:]
  }

  private static func film(_ entry: [String: Any]) -> ServerFilm {
    ServerFilm(
      id: entry["ratingKey"] as? String ?? "", title: entry["title"] as? String ?? "",
      length: Double(entry["duration"] as? Int ?? 0) / 1000,
      position: Double(entry["viewOffset"] as? Int ?? 0) / 1000,
      played: (entry["viewCount"] as? Int ?? 0) > 0)
  }
}
