import Foundation
import MoviesCore

/// Reads TMDb's answers with `JSONSerialization`: list pages, the genre list, the image
/// configuration, a film's details, where it streams, and error bodies. Everything is the
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

  /// A row as a ``Movie``; nil for a row without an id or a title.
  static func movie(_ row: [String: String], context: RowContext) -> Movie? {
    guard let id = LooseValue.integer(row["id"]), let title = LooseValue.text(row["title"])
    else { return nil }
    let genres = (row["genre_ids"] ?? "").split(separator: ",").compactMap {
      context.genreNames[String($0)]
    }
    var other: [String: String] = [:]
    other["Overview"] = LooseValue.text(row["overview"])
    if let original = LooseValue.text(row["original_title"]), original != title {
      other["Original title"] = original
    }
    other["Popularity"] = LooseValue.text(row["popularity"])
    // Without the image configuration the path is kept as it came: `thumb` then says the
    // poster's address is unknown, a failure, not that the film has no poster.
    let poster = LooseValue.text(row["poster_path"]).map { path in
      (context.posterBase ?? "") + (path.hasPrefix("/") ? path : "/" + path)
    }
    return Movie(
      id: String(id), title: title, genres: genres, thumbnail: poster,
      link: "\(context.siteURL)/movie/\(id)", rating: LooseValue.double(row["vote_average"]),
      ratingCount: LooseValue.integer(row["vote_count"]),
      releaseDate: LooseValue.text(row["release_date"]), otherFields: other)
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

  /// `/movie/{id}`'s fields that the list does not carry, added to the movie.
  static func details(_ data: Data, adding movie: Movie) throws(Unreadable) -> Movie {
    let root = try object(data)
    return movie.changing { fields in
      if let minutes = LooseValue.integer(root["runtime"]), minutes > 0 {
        fields.runningTime = minutes
      }
      fields.otherFields["Tagline"] = LooseValue.text(root["tagline"])
      if let overview = LooseValue.text(root["overview"]) {
        fields.otherFields["Overview"] = overview
      }
      fields.otherFields["IMDb ID"] = LooseValue.text(root["imdb_id"])
      fields.otherFields["Status"] = LooseValue.text(root["status"])
      for (field, label) in [("budget", "Budget"), ("revenue", "Revenue")] {
        if let amount = LooseValue.integer(root[field]), amount > 0 {
          fields.otherFields[label] = "$" + Format.grouped(amount)
        }
      }
    }
  }

  /// "Stream: …; Rent: …; Buy: …" for one region of `/movie/{id}/watch/providers`.
  static func providers(_ data: Data, region: String) throws(Unreadable) -> String {
    guard let results = try object(data)["results"] as? [String: Any] else { throw Unreadable() }
    let entry = results[region] as? [String: Any] ?? [:]
    let kinds = [("flatrate", "Stream"), ("rent", "Rent"), ("buy", "Buy"), ("free", "Free")]
    let parts = kinds.compactMap { key, label -> String? in
      let names = (entry[key] as? [Any] ?? []).compactMap { provider in
        LooseValue.text((provider as? [String: Any])?["provider_name"])
      }
      return names.isEmpty ? nil : "\(label): \(names.joined(separator: ", "))"
    }
    let place = region.isEmpty ? "" : " in \(region)"
    return parts.isEmpty
      ? "Not offered to stream, rent or buy\(place) (data by JustWatch)"
      : parts.joined(separator: "; ") + " (\(region.isEmpty ? "" : region + ", ")data by JustWatch)"
  }

  /// TMDb's error body: its `status_code` and `status_message`, when the body is one.
  static func error(_ data: Data) -> (code: Int?, message: String?) {
    guard let root = try? object(data) else { return (nil, nil) }
    return (LooseValue.integer(root["status_code"]), LooseValue.text(root["status_message"]))
  }
}
