import Foundation
import MoviesCore

/// Reads TMDb's answers with `JSONSerialization`: list pages, the genre list, the image
/// configuration and error bodies; a film's details are in ``TMDbParser+Details``. Everything is the
/// server's word: a field of the wrong type is treated as missing, never trusted.
enum TMDbParser {
  /// The answer could not be read as what was asked for.
  struct Unreadable: Swift.Error, Sendable, Hashable {}

  /// One list page as TMDb sends it: every row of it, and its counts.
  struct ListPage: Sendable {
    var rows: [[String: String]]
    var totalResults: Int?
  }

  /// What turns a row into a ``Movie``: genre names and where posters and pages are.
  struct RowContext: Sendable {
    var genreNames: [String: String] = [:]
    /// The poster address prefix, the image base and a size (`…/t/p/w342`); nil when the
    /// configuration could not be loaded, and then rows have no thumbnail.
    var posterBase: String?
    var siteURL = "https://www.themoviedb.org"
  }

  static func object(_ data: Data) throws(Unreadable) -> [String: Any] {
    guard let object = JSONDocument.parse(data)?.root as? [String: Any] else {
      throw Unreadable()
    }
    return object
  }

  static func listPage(_ data: Data) throws(Unreadable) -> ListPage {
    let root = try object(data)
    guard let results = root["results"] as? [Any] else { throw Unreadable() }
    let rows = results.map { row -> [String: String] in
      // Only the scalars are kept: they are all a row needs, and they are Sendable.
      guard let row = row as? [String: Any] else { return [:] }
      return row.compactMapValues { value -> String? in
        switch value {
        case let text as String: text
        case let number as NSNumber: LooseValue.text(number)
        case let list as [Any]: list.compactMap { LooseValue.text($0) }.joined(separator: ",")
        default: nil
        }
      }
    }
    return ListPage(rows: rows, totalResults: LooseValue.integer(root["total_results"]))
  }

  /// A row as a ``Movie``; nil for a row without an id or a title. A series' row names its
  /// title `name` and its date `first_air_date`, as TMDb's TV answers do.
  static func movie(_ row: [String: String], context: RowContext, kind: TitleKind = .film)
    -> Movie?
  {
    let series = kind == .series
    guard let id = LooseValue.integer(row["id"]),
      let title = LooseValue.text(row[series ? "name" : "title"])
    else { return nil }
    let genres = (row["genre_ids"] ?? "").split(separator: ",").compactMap {
      context.genreNames[String($0)]
    }
    // The fields the browser has no place for, under TMDb's own names, as data.
    var other: [String: String] = [:]
    let originalField = series ? "original_name" : "original_title"
    if let original = LooseValue.text(row[originalField]), original != title {
      other[originalField] = original
    }
    other["popularity"] = LooseValue.text(row["popularity"])
    // Without the image configuration the path is kept as it came: `thumb` then says the
    // poster's address is unknown, a failure, not that the film has no poster.
    let poster = LooseValue.text(row["poster_path"]).map { path in
      (context.posterBase ?? "") + (path.hasPrefix("/") ? path : "/" + path)
    }
    return Movie(
      id: String(id), title: title, genres: genres, thumbnail: poster,
      link: "\(context.siteURL)/\(series ? "tv" : "movie")/\(id)",
      rating: LooseValue.double(row["vote_average"]),
      ratingCount: LooseValue.integer(row["vote_count"]),
      releaseDate: LooseValue.text(row[series ? "first_air_date" : "release_date"]),
      otherFields: other, overview: LooseValue.text(row["overview"]),
      kind: series ? .series : .film)
  }

  static func genres(_ data: Data) throws(Unreadable) -> [Genre] {
    guard let list = try object(data)["genres"] as? [[String: Any]] else { throw Unreadable() }
    return list.compactMap { genre in
      guard let id = LooseValue.integer(genre["id"]), let name = LooseValue.text(genre["name"])
      else { return nil }
      return Genre(id: String(id), name: name)
    }
  }

  /// The image base and poster sizes of `/configuration`.
  static func images(_ data: Data) throws(Unreadable) -> (base: String, posterSizes: [String]) {
    guard let images = try object(data)["images"] as? [String: Any],
      let base = LooseValue.text(images["secure_base_url"]) ?? LooseValue.text(images["base_url"]),
      let url = URL(string: base), ["http", "https"].contains(url.scheme?.lowercased() ?? "")
    else { throw Unreadable() }
    let sizes = (images["poster_sizes"] as? [Any] ?? []).compactMap { LooseValue.text($0) }
    return (base, sizes)
  }

  /// TMDb's error body: its `status_code` and `status_message`, when the body is one.
  static func error(_ data: Data) -> (code: Int?, message: String?) {
    guard let root = try? object(data) else { return (nil, nil) }
    return (LooseValue.integer(root["status_code"]), LooseValue.text(root["status_message"]))
  }
}
