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
  /// an empty diary for a file from before it (a read-only version 6).
  public func diary(source: String, among keys: [String]) async throws(LibraryError) -> Diary {
    guard hasDiary else { return Diary() }
    return try await run { database in
      var diary = Diary()
      diary.isKept =
        try database.query("SELECT 1 FROM diary WHERE source = ? LIMIT 1", [.text(source)])
        .isEmpty == false
      guard diary.isKept else { return diary }
      for key in keys {
        let rows = try database.query(
          "SELECT seen_at FROM diary WHERE source = ? AND movie_key = ?",
          [.text(source), .text(key)])
        if let seconds = rows.first?.first?.real {
          diary.seen[key] = Date(timeIntervalSince1970: seconds)
        }
      }
      return diary
    }
  }
}
