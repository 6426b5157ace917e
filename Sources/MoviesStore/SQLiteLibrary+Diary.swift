import Foundation
import MoviesCore

/// The diary's rows: the films marked seen by hand, by source and key, with the date.
extension SQLiteLibrary {
  /// Notes `movie` as seen `on` a date (the first date is kept), or takes it out; false when
  /// it was so already.
  public func setSeen(_ seen: Bool, movie: Movie, source: String, on date: Date)
    async throws(LibraryError) -> Bool
  {
    let key = WatchEntry.key(for: movie)
    return try await write { database in
      try database.transaction {
        if seen {
          try database.query(
            """
            INSERT INTO diary (source, movie_key, title, seen_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (source, movie_key) DO NOTHING
            """,
            [.text(source), .text(key), .text(movie.title), .real(date.timeIntervalSince1970)])
        } else {
          try database.query(
            "DELETE FROM diary WHERE source = ? AND movie_key = ?", [.text(source), .text(key)])
        }
        return try database.query("SELECT changes()").first?.first?.integer == 1
      }
    }
  }

  /// When each of `keys` of `source` was seen, and whether the diary holds any of its films;
  /// an empty diary for a file from before it (a read-only version 6). The source's diary is
  /// read whole in one query, not looked up key by key: it holds only what a person marked
  /// by hand, and a `list` of a whole catalogue has more keys than any diary has rows.
  public func diary(source: String, among keys: [String]) async throws(LibraryError) -> Diary {
    guard hasDiary else { return Diary() }
    let stamp = emptySources.stamp()
    if emptySources.holdsNothing(.diary, of: source, at: stamp) { return Diary() }
    let wanted = Set(keys)
    let diary = try await run { database in
      var diary = Diary()
      for row in try database.query(
        "SELECT movie_key, seen_at FROM diary WHERE source = ?", [.text(source)])
      {
        diary.isKept = true
        guard row.count == 2, let key = row[0].text, wanted.contains(key),
          let seconds = row[1].real
        else { continue }
        diary.seen[key] = Date(timeIntervalSince1970: seconds)
      }
      return diary
    }
    emptySources.note(.diary, of: source, isEmpty: !diary.isKept, at: stamp)
    return diary
  }
}
