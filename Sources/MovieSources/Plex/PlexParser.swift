import Foundation
import MoviesCore

/// Reads a Plex Media Server's JSON answers (a `MediaContainer` each) into the browser's values:
/// the movie sections, a page of films, the genre list, one film's metadata and the server's
/// identity.
///
/// Everything in them is untrusted. A film without a usable `ratingKey` or `title` is skipped
/// with a warning (ten a page are named, the rest counted); keys that go into paths must be
/// digits, a `thumb` or a part key must be a plain path on the server, and numbers out of range
/// are dropped. Text is kept as sent: the renderers escape it.
public enum PlexParser {
  /// Why an answer could not be read at all.
  public enum Error: Swift.Error, Sendable, Hashable {
    case notJSON
    case notAMediaContainer
    /// Far more values than any answer holds (see ``MoviePageParser/maximumValues``).
    case tooLarge
  }

  /// A library section of type `movie`.
  public struct Section: Sendable, Hashable {
    /// The section's key, digits only (it goes into paths).
    public var key: String
    /// The section's name, as Plex shows it.
    public var title: String
  }

  /// The key under which a film keeps its stream's path (`Media[0].Part[0].key`), which
  /// `play N` needs and `show N` lists.
  public static let streamField = "partKey"
  /// The key of the critics' rating (Plex's `rating`; the list's rating is the audience's).
  public static let criticRatingField = "criticRating"
  /// The movie sections of `/library/sections`, in the server's order.
  public static func movieSections(_ data: Data) throws(Error) -> [Section] {
    try sections(data, ofType: "movie")
  }

  /// The sections of one `type` (`movie`, `show`) of `/library/sections`, in the server's order.
  public static func sections(_ data: Data, ofType type: String) throws(Error) -> [Section] {
    try directories(data).compactMap { entry in
      guard LooseValue.text(entry["type"]) == type, let key = number(entry["key"]),
        let title = LooseValue.text(entry["title"])
      else { return nil }
      return Section(key: key, title: title)
    }
  }

  /// The genres of `/library/sections/{key}/genre`: each `Directory`'s `key` and `title`.
  public static func genres(_ data: Data) throws(Error) -> [Genre] {
    try directories(data).compactMap { entry in
      guard let id = number(entry["key"]), let name = LooseValue.text(entry["title"]) else {
        return nil
      }
      return Genre(id: id, name: name)
    }
  }

  /// `/identity`'s `machineIdentifier`, which Plex Web's addresses name the server by; nil
  /// when it is missing or holds more than letters, digits and dashes.
  public static func machineIdentifier(_ data: Data) throws(Error) -> String? {
    guard let text = LooseValue.text(try container(data)["machineIdentifier"]),
      text.utf8.count <= 128,
      text.unicodeScalars.allSatisfy({
        $0.isASCII && ($0.properties.isAlphabetic || $0 == "-" || ("0"..."9").contains($0))
      })
    else { return nil }
    return text
  }

  /// One page of `/library/sections/{key}/all`: its films, and `totalSize` when it says so.
  /// `machineIdentifier` makes each film's Plex Web link; without it films have none.
  public static func page(
    _ data: Data, page number: Int, machineIdentifier: String?
  ) throws(Error) -> MoviePage {
    let root = try container(data)
    // Plex leaves `Metadata` out of an empty container.
    let rows = root["Metadata"] as? [Any] ?? []
    var movies: [Movie] = []
    var warnings: [String] = []
    var unwarned = 0
    for (index, row) in rows.enumerated() {
      if let entry = row as? [String: Any], let movie = movie(entry, server: machineIdentifier) {
        movies.append(movie)
      } else if warnings.count < MoviePageParser.maximumRowWarnings {
        let key = (row as? [String: Any]).flatMap { LooseValue.text($0["ratingKey"]) }
        let film = key.map { "the film with ratingKey \(TerminalText.escape($0))" } ?? "a film"
        warnings.append(
          "Skipped \(film) (page \(number), position \(index + 1)): it has no usable "
            + "ratingKey or title.")
      } else {
        unwarned += 1
      }
    }
    if unwarned > 0 {
      warnings.append(
        "Skipped \(Format.grouped(unwarned)) more films of page \(number) without a usable "
          + "ratingKey or title.")
    }
    let total = LooseValue.integer(root["totalSize"]).flatMap { $0 >= 0 ? $0 : nil }
    return MoviePage(movies: movies, rowCount: rows.count, totalCount: total, warnings: warnings)
  }

  /// `/library/metadata/{ratingKey}?includeExtras=1`'s fields that the list leaves out, added
  /// to `movie`: the tagline, the directors, the cast, the critics' rating, and the path of
  /// the trailer extra's stream (``trailerPart(_:)``).
  public static func details(
    _ data: Data, adding movie: Movie, machineIdentifier: String?
  ) throws(Error) -> Movie {
    guard let entry = (try container(data)["Metadata"] as? [Any])?.first as? [String: Any],
      let full = self.movie(entry, server: machineIdentifier)
    else { throw .notAMediaContainer }
    return full.changing { fields in
      fields.otherFields.merge(movie.otherFields) { fresh, _ in fresh }
      fields.tagline = LooseValue.text(entry["tagline"])
      fields.directors = tagNames(entry["Director"])
      fields.cast = tagNames(entry["Role"])
      fields.trailer = trailerPart(entry)
      fields.otherFields[criticRatingField] = LooseValue.double(entry["rating"]).flatMap {
        (0...10).contains($0) ? Format.rating($0) : nil
      }
    }
  }

  /// Plex's `extraType` of a trailer.
  static let trailerExtraType = 1

  /// The stream's path of the first trailer among the film's `Extras`, a path on the server.
  static func trailerPart(_ entry: [String: Any]) -> String? {
    let extras = (entry["Extras"] as? [String: Any])?["Metadata"] as? [Any] ?? []
    return extras.lazy.compactMap { $0 as? [String: Any] }
      .filter { LooseValue.integer($0["extraType"]) == trailerExtraType }
      .compactMap(firstPartKey).first
  }

  static func movie(_ entry: [String: Any], server: String?) -> Movie? {
    // A listing's folder without a rating key (a show's "All episodes") is no title.
    guard let key = number(entry["ratingKey"]), let title = LooseValue.text(entry["title"]) else {
      return nil
    }
    // Plex counts milliseconds.
    let length = LooseValue.integer(entry["duration"]).flatMap { $0 > 0 ? $0 / 1000 : nil }
    let offset = max(0, LooseValue.integer(entry["viewOffset"]) ?? 0) / 1000
    let views = LooseValue.integer(entry["viewCount"]) ?? 0
    // A film watched once and started again is "in progress" in Plex: resume where it stopped.
    let playback = Playback(played: views > 0 && offset == 0, position: offset, length: length)
    var other: [String: String] = [:]
    other[streamField] = firstPartKey(entry)
    let kind = kind(entry)
    if kind == .episode, other[streamField] == nil { other[missingField] = missingFile }
    return Movie(
      id: key, title: title, genres: tagNames(entry["Genre"]),
      thumbnail: LooseValue.text(entry["thumb"]).flatMap(serverPath),
      link: server.map { webPage(ratingKey: key, machineIdentifier: $0) },
      rating: LooseValue.double(entry["audienceRating"]).flatMap {
        (0...10).contains($0) ? $0 : nil
      },
      releaseDate: releaseDate(entry), runningTime: length.map { ($0 + 30) / 60 },
      grade: LooseValue.text(entry["contentRating"]), otherFields: other,
      overview: LooseValue.text(entry["summary"]),
      // A show's own views are not its episodes': its counts say what was seen.
      playback: kind == .series ? nil : playback, kind: kind,
      episode: kind == .episode ? place(entry) : nil,
      seriesCounts: kind == .series ? counts(entry) : nil)
  }

  /// The film's page in Plex Web, which finds the server by its machine identifier.
  static func webPage(ratingKey: String, machineIdentifier: String) -> String {
    "https://app.plex.tv/desktop#!/server/\(machineIdentifier)/details?key=%2Flibrary%2Fmetadata%2F\(ratingKey)"
  }

  /// `originallyAvailableAt` when it is a `YYYY-MM-DD` date, else the `year`.
  private static func releaseDate(_ entry: [String: Any]) -> String? {
    if let date = LooseValue.text(entry["originallyAvailableAt"]), date.utf8.count == 10,
      date.utf8.enumerated().allSatisfy({
        $0.offset == 4 || $0.offset == 7
          ? $0.element == UInt8(ascii: "-") : (0x30...0x39).contains($0.element)
      })
    {
      return date
    }
    return LooseValue.integer(entry["year"]).flatMap { (1...9999).contains($0) ? String($0) : nil }
  }

  private static func firstPartKey(_ entry: [String: Any]) -> String? {
    let media = (entry["Media"] as? [Any])?.first as? [String: Any]
    let part = (media?["Part"] as? [Any])?.first as? [String: Any]
    return LooseValue.text(part?["key"]).flatMap(serverPath)
  }

  /// A tag list's names (`Genre`, `Director`, `Role`).
  private static func tagNames(_ value: Any?) -> [String] {
    (value as? [Any] ?? []).compactMap { LooseValue.text(($0 as? [String: Any])?["tag"]) }
  }

  /// A path on the server (`/library/…`): it starts with one slash and holds only visible
  /// ASCII, so it cannot name another host or carry a control byte into a request.
  static func serverPath(_ text: String) -> String? {
    guard text.hasPrefix("/"), !text.hasPrefix("//"), text.utf8.count <= 1024,
      text.utf8.allSatisfy({ (0x21..<0x7F).contains($0) && $0 != UInt8(ascii: "\\") })
    else { return nil }
    return text
  }

  /// A key fit for a path: 1 to 20 decimal digits (Plex's ratingKeys and section keys), or a
  /// whole number sent as one.
  static func number(_ value: Any?) -> String? {
    if !(value is String), let whole = LooseValue.integer(value), whole >= 0 {
      return String(whole)
    }
    guard let text = LooseValue.text(value), (1...20).contains(text.utf8.count),
      text.utf8.allSatisfy({ (0x30...0x39).contains($0) })
    else { return nil }
    return text
  }

  private static func directories(_ data: Data) throws(Error) -> [[String: Any]] {
    (try container(data)["Directory"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }
  }

  static func container(_ data: Data) throws(Error) -> [String: Any] {
    guard MoviePageParser.withinBounds(data) else { throw .tooLarge }
    guard let root = JSONDocument.parse(data)?.root else { throw .notJSON }
    guard let container = (root as? [String: Any])?["MediaContainer"] as? [String: Any] else {
      throw .notAMediaContainer
    }
    return container
  }
}

extension PlexParser.Error {
  /// A clause for messages.
  public var explanation: String {
    switch self {
    case .notJSON: "the answer is not JSON"
    case .notAMediaContainer: "the answer has no MediaContainer"
    case .tooLarge: "the answer holds far more values than any page"
    }
  }
}
