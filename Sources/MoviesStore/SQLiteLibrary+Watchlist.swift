import Foundation
import MoviesCore

/// The watchlist's rows: adding, removing, listing and looking up entries.
extension SQLiteLibrary {
  /// Puts the entry on the watchlist; false when it was there already.
  public func add(_ entry: WatchEntry) async throws(LibraryError) -> Bool {
    try await write { database in
      try database.transaction {
        let movie = entry.movie
        try database.query(
          """
          INSERT INTO watchlist (source, movie_key, movie_id, title, genres, rating,
            release_date, link, thumbnail, added_at, running_time, grade, rating_count, overview,
            kind, series_id, series_title, season, episode, seasons, episodes)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (source, movie_key) DO NOTHING
          """,
          [
            .text(entry.source), .text(entry.key), .text(orNull: movie.id), .text(movie.title),
            .text(movie.genres.joined(separator: Self.genreSeparator)),
            movie.rating.map(SQLiteValue.real) ?? .null, .text(orNull: movie.releaseDate),
            .text(orNull: movie.link), .text(orNull: movie.thumbnail),
            .real(entry.added.timeIntervalSince1970),
            movie.runningTime.map { .integer(Int64($0)) } ?? .null, .text(orNull: movie.grade),
            movie.ratingCount.map { .integer(Int64($0)) } ?? .null, .text(orNull: movie.overview),
            .text(movie.kind.rawValue), .text(orNull: movie.episode?.seriesID),
            .text(orNull: movie.episode?.seriesTitle), Self.integer(movie.episode?.season),
            Self.integer(movie.episode?.episode), Self.integer(movie.seriesCounts?.seasons),
            Self.integer(movie.seriesCounts?.episodes),
          ])
        return try database.query("SELECT changes()").first?.first?.integer == 1
      }
    }
  }

  /// Keeps the overview and running time `entry` has now, for its source and key; false
  /// when it is not on the watchlist.
  public func update(_ entry: WatchEntry) async throws(LibraryError) -> Bool {
    try await write { database in
      try database.transaction {
        try database.query(
          """
          UPDATE watchlist SET overview = ?, running_time = ?
          WHERE source = ? AND movie_key = ?
          """,
          [
            .text(orNull: entry.movie.overview),
            entry.movie.runningTime.map { .integer(Int64($0)) } ?? .null, .text(entry.source),
            .text(entry.key),
          ])
        return try database.query("SELECT changes()").first?.first?.integer == 1
      }
    }
  }

  /// Takes the entry with `key` from `source` off; false when it was not there.
  public func remove(source: String, key: String) async throws(LibraryError) -> Bool {
    try await write { database in
      try database.transaction {
        try database.query(
          "DELETE FROM watchlist WHERE source = ? AND movie_key = ?", [.text(source), .text(key)])
        return try database.query("SELECT changes()").first?.first?.integer == 1
      }
    }
  }

  /// Every entry, newest first.
  public func watchlist() async throws(LibraryError) -> [WatchEntry] {
    try await run { [watchlistColumns] database in
      try database.query(
        "SELECT \(watchlistColumns) FROM watchlist ORDER BY added_at DESC, rowid DESC"
      ).map(Self.entry)
    }
  }

  /// The keys of every entry from `source`.
  public func watchedKeys(source: String) async throws(LibraryError) -> Set<String> {
    let stamp = emptySources.stamp()
    if emptySources.holdsNothing(.watchlist, of: source, at: stamp) { return [] }
    let watched = try await run { database in
      Set(
        try database.query("SELECT movie_key FROM watchlist WHERE source = ?", [.text(source)])
          .compactMap { $0.first?.text })
    }
    emptySources.note(.watchlist, of: source, isEmpty: watched.isEmpty, at: stamp)
    return watched
  }

  /// The keys among `keys` on the watchlist from `source`, looked up in the index; none,
  /// without a query, while the file still holds no entry from `source`.
  public func watchedKeys(source: String, among keys: [String]) async throws(LibraryError)
    -> Set<String>
  {
    guard !keys.isEmpty else { return [] }
    let stamp = emptySources.stamp()
    if emptySources.holdsNothing(.watchlist, of: source, at: stamp) { return [] }
    let lookup = Self.keyLookup
    let (watched, isEmpty) = try await run { database in
      var watched = Set<String>()
      for start in stride(from: 0, to: keys.count, by: Self.keysPerLookup) {
        var chunk = keys[start..<min(start + Self.keysPerLookup, keys.count)].map(SQLiteValue.text)
        chunk += repeatElement(chunk[chunk.count - 1], count: Self.keysPerLookup - chunk.count)
        for row in try database.query(lookup, [.text(source)] + chunk) {
          if let key = row.first?.text { watched.insert(key) }
        }
      }
      let isEmpty =
        try watched.isEmpty
        && database.query(
          "SELECT 1 FROM watchlist WHERE source = ? LIMIT 1", [.text(source)]
        ).isEmpty
      return (watched, isEmpty)
    }
    emptySources.note(.watchlist, of: source, isEmpty: isEmpty, at: stamp)
    return watched
  }

  /// Keys are looked up this many at a time, as bound parameters found in the primary key's
  /// index; a last chunk is padded with its own last key, so one prepared statement serves
  /// every lookup. (A JSON array for `json_each`, written by JSONSerialization, took 8 % of a
  /// traversal's CPU.)
  static let keysPerLookup = 100

  private static let keyLookup =
    "SELECT movie_key FROM watchlist WHERE source = ? AND movie_key IN ("
    + Array(repeating: "?", count: keysPerLookup).joined(separator: ", ") + ")"

  /// Entry `number` (from 1, newest first) and how many there are; nil past the end.
  public func entry(_ number: Int) async throws(LibraryError) -> (entry: WatchEntry?, count: Int) {
    try await run { [watchlistColumns] database in
      // Newest first through the index on added_at: no sort of the whole watchlist.
      let entry = try database.query(
        """
        SELECT \(watchlistColumns)
        FROM watchlist ORDER BY added_at DESC, rowid DESC LIMIT 1 OFFSET ?
        """, [.integer(Int64(max(0, number - 1)))]
      ).first.map(Self.entry)
      let count = try database.query("SELECT count(*) FROM watchlist").first?.first?.integer
      return (number >= 1 ? entry : nil, Int(count ?? 0))
    }
  }

  private static func integer(_ number: Int?) -> SQLiteValue {
    number.map { .integer(Int64($0)) } ?? .null
  }

  /// A count or number read from the file, which is untrusted: within 0...9,999 or none.
  private static func count(_ value: SQLiteValue) -> Int? {
    value.integer.flatMap { (0...9_999).contains($0) ? Int($0) : nil }
  }

  /// Genre names may hold commas; the unit separator cannot come from a page's text.
  private static let genreSeparator = "\u{1F}"

  private static func entry(_ row: [SQLiteValue]) -> WatchEntry {
    func value(_ index: Int) -> SQLiteValue { row.indices.contains(index) ? row[index] : .null }
    let genres = value(3).text.map { $0.split(separator: genreSeparator).map(String.init) } ?? []
    let movie = Movie(
      id: value(1).text, title: value(2).text ?? "", genres: genres,
      thumbnail: value(7).text, link: value(6).text, rating: value(4).real,
      ratingCount: value(11).integer.flatMap { $0 >= 0 ? Int(clamping: $0) : nil },
      releaseDate: value(5).text,
      // The file is untrusted: a negative or absurd running time is not one.
      runningTime: value(9).integer.flatMap { (1...100_000).contains($0) ? Int($0) : nil },
      grade: value(10).text, overview: value(12).text,
      // An unknown kind (a newer build's) is kept as a film, as every entry was before.
      kind: value(13).text.flatMap(TitleKind.init(rawValue:)) ?? .film,
      episode: value(15).text.map { series in
        EpisodePlace(
          seriesID: value(14).text, seriesTitle: series, season: count(value(16)) ?? 0,
          episode: count(value(17)) ?? 0)
      },
      seriesCounts: count(value(18)).map { SeriesCounts(seasons: $0, episodes: count(value(19))) })
    return WatchEntry(
      source: value(0).text ?? "", movie: movie,
      added: Date(timeIntervalSince1970: value(8).real ?? 0))
  }
}
