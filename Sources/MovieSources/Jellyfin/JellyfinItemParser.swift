import Foundation
import MoviesCore

/// Reads Jellyfin's answers (`BaseItemDtoQueryResult`, `UserDto`) into the browser's values.
///
/// Everything in them is untrusted: an item without an `Id` or a `Name` is skipped with a
/// warning (the first ``MoviePageParser/maximumRowWarnings`` of a page, then one counting the
/// rest), ids are used only when they are plain hex or GUIDs (they go into paths), and
/// numbers out of range are dropped.
public enum JellyfinItemParser {
  /// Why an answer could not be read at all.
  public enum Error: Swift.Error, Sendable, Hashable {
    case notJSON
    case notAQueryResult
    case notAUser
    /// `/Items/{id}` that is not one film with an id and a name.
    case notAnItem
  }

  /// Jellyfin's ticks: ten million a second.
  static let ticksPerSecond = 10_000_000

  /// One page of `/Items`. `server` is the base the film's web page and poster are under.
  public static func page(_ data: Data, server: URL) throws(Error) -> MoviePage {
    let (items, total) = try queryResult(data)
    var movies: [Movie] = []
    var warnings: [String] = []
    var unwarned = 0
    for (index, item) in items.enumerated() {
      guard let item = item as? [String: Any], let movie = movie(item, server: server) else {
        // A hostile page may hold thousands of unusable items: name a few, count the rest.
        if warnings.count < MoviePageParser.maximumRowWarnings {
          warnings.append("Item \(index + 1) of the page has no usable id or name; skipped.")
        } else {
          unwarned += 1
        }
        continue
      }
      movies.append(movie)
    }
    if unwarned > 0 {
      warnings.append(
        "Skipped \(unwarned == 1 ? "1 more item" : "\(Format.grouped(unwarned)) more items") "
          + "of the page without a usable id or name.")
    }
    return MoviePage(movies: movies, rowCount: items.count, totalCount: total, warnings: warnings)
  }

  /// One film of `/Items/{id}`, as a page lists it.
  public static func item(_ data: Data, server: URL) throws(Error) -> Movie {
    guard let item = try json(data) as? [String: Any], let movie = movie(item, server: server)
    else { throw .notAnItem }
    return movie
  }

  /// The genres of `/Genres`: each item's `Id` and `Name`.
  public static func genres(_ data: Data) throws(Error) -> [Genre] {
    try queryResult(data).items.compactMap { item in
      guard let item = item as? [String: Any], let id = identifier(item["Id"]),
        let name = LooseValue.text(item["Name"])
      else { return nil }
      return Genre(id: id, name: name)
    }
  }

  /// The users of `/Users` (one `UserDto` for `/Users/Me`), as name and id.
  public static func users(_ data: Data) throws(Error) -> [(name: String, id: String)] {
    let root = try json(data)
    let list = root as? [Any] ?? [root]
    let users = list.compactMap { entry -> (name: String, id: String)? in
      guard let user = entry as? [String: Any], let id = identifier(user["Id"]),
        let name = LooseValue.text(user["Name"])
      else { return nil }
      return (name, id)
    }
    if users.isEmpty, !(root is [Any]) { throw .notAUser }
    return users
  }

  static func movie(_ item: [String: Any], server: URL) -> Movie? {
    guard let id = identifier(item["Id"]), let title = LooseValue.text(item["Name"]) else {
      return nil
    }
    let ticks = (LooseValue.integer(item["RunTimeTicks"])).flatMap { $0 > 0 ? $0 : nil }
    let length = ticks.map { $0 / ticksPerSecond }
    let kind = kind(item)
    // A series' or a season's own data counts its episodes: it is not played itself.
    let playback =
      kind == .series
      ? nil
      : (item["UserData"] as? [String: Any]).map { data in
        Playback(
          played: data["Played"] as? Bool ?? false,
          position: (LooseValue.integer(data["PlaybackPositionTicks"]) ?? 0) / ticksPerSecond,
          length: length)
      }
    var other: [String: String] = [:]
    if LooseValue.text(item["LocationType"]) == "Virtual" { other[missingField] = missingFile }
    return Movie(
      id: id, title: title,
      genres: (item["Genres"] as? [Any] ?? []).compactMap(LooseValue.text),
      thumbnail: primaryImageTag(item).map { posterReference(id: id, tag: $0) },
      link: webPage(id: id, serverID: identifier(item["ServerId"]), server: server)?.absoluteString,
      rating: LooseValue.double(item["CommunityRating"]),
      releaseDate: kind == .episode
        ? airDate(item)
        : LooseValue.integer(item["ProductionYear"]).flatMap {
          (1...9999).contains($0) ? String($0) : nil
        },
      runningTime: length.map { ($0 + 30) / 60 },
      grade: LooseValue.text(item["OfficialRating"]), otherFields: other,
      overview: LooseValue.text(item["Overview"]), playback: playback, kind: kind,
      episode: kind == .episode ? place(item) : nil,
      seriesCounts: kind == .series ? counts(item) : nil,
      tagline: (item["Taglines"] as? [Any])?.lazy.compactMap(LooseValue.text).first,
      directors: people(item, ofType: "Director"), cast: people(item, ofType: "Actor"),
      imdbID: (item["ProviderIds"] as? [String: Any]).flatMap { LooseValue.text($0["Imdb"]) },
      trailer: (item["RemoteTrailers"] as? [Any] ?? []).lazy.compactMap {
        LooseValue.text(($0 as? [String: Any])?["Url"])
      }.first)
  }

  /// The names of the item's `People` of one `Type` (`Director`, `Actor`), in its order.
  static func people(_ item: [String: Any], ofType type: String) -> [String] {
    (item["People"] as? [Any] ?? []).compactMap { entry in
      guard let person = entry as? [String: Any], LooseValue.text(person["Type"]) == type else {
        return nil
      }
      return LooseValue.text(person["Name"])
    }
  }

  /// The path (under the server) of a film's poster, keyed on its tag so a changed poster has
  /// a new address, and so a new cache entry.
  static func posterReference(id: String, tag: String) -> String {
    var components = URLComponents()
    components.path = "Items/\(id)/Images/Primary"
    components.queryItems = [
      URLQueryItem(name: "maxWidth", value: String(JellyfinClient.posterWidth)),
      URLQueryItem(name: "quality", value: "90"),
      URLQueryItem(name: "tag", value: tag),
    ]
    return components.string ?? components.path
  }

  /// The film's page in the server's web client.
  static func webPage(id: String, serverID: String?, server: URL) -> URL? {
    let serverQuery = serverID.map { "&serverId=\($0)" } ?? ""
    return URL(string: "\(serverBase(server))web/#/details?id=\(id)\(serverQuery)")
  }

  private static func serverBase(_ url: URL) -> String {
    let text = url.absoluteString
    return text.hasSuffix("/") ? text : text + "/"
  }

  private static func primaryImageTag(_ item: [String: Any]) -> String? {
    (item["ImageTags"] as? [String: Any]).flatMap { LooseValue.text($0["Primary"]) }
  }

  /// An id fit for a path: hex digits and dashes only (Jellyfin's GUIDs), at most 64.
  static func identifier(_ value: Any?) -> String? {
    guard let text = LooseValue.text(value), text.utf8.count <= 64,
      text.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit || $0 == "-" })
    else { return nil }
    return text
  }

  private static func json(_ data: Data) throws(Error) -> Any {
    guard let root = JSONDocument.parse(data)?.root else { throw .notJSON }
    return root
  }

  private static func queryResult(_ data: Data) throws(Error) -> (items: [Any], total: Int?) {
    guard let root = try json(data) as? [String: Any], let items = root["Items"] as? [Any] else {
      throw .notAQueryResult
    }
    let total = LooseValue.integer(root["TotalRecordCount"]).flatMap { $0 >= 0 ? $0 : nil }
    return (items, total)
  }
}

extension JellyfinItemParser.Error {
  /// A clause for messages.
  public var explanation: String {
    switch self {
    case .notJSON: "the answer is not JSON"
    case .notAQueryResult: "the answer has no Items list"
    case .notAUser: "the answer is not a user"
    case .notAnItem: "the answer is not a film with an id and a name"
    }
  }
}
