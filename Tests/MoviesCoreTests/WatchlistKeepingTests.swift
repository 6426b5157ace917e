import Foundation
import MoviesCore
import TestSupport
import Testing

@testable import MoviesStore

/// The watchlist keeps what one chooses a film by, its overview and running time, in a new
/// column that old files get by a migration; what the file holds is untrusted.
@Suite(.timeLimit(.minutes(1))) struct WatchlistKeepingTests {
  private static let movie = Movie(
    id: "42", title: "Metropolis", genres: ["Drama"], runningTime: 117,
    overview: "A city of the future, above and below.")

  private func withFile(_ body: (String) async throws -> Void) async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try await body(folder.appendingPathComponent("movies.sqlite3").path)
  }

  @Test func aVersionFourFileIsMigratedAndKeepsOverviewsFromThen() async throws {
    try await withFile { path in
      _ = FileManager.default.createFile(atPath: path, contents: nil)
      let old = try SQLiteDatabase(path: path)
      try LibrarySchema.migrate(old, to: 4)
      try old.query(
        """
        INSERT INTO watchlist (source, movie_key, movie_id, title, genres, added_at,
          running_time) VALUES ('offline', 'id:7', '7', 'Nosferatu', 'Horror', 100, 94)
        """)
      let library = try await SQLiteLibrary.open(path: path)
      #expect(try SQLiteDatabase(path: path).userVersion() == LibrarySchema.latest)
      let kept = try #require(try await library.watchlist().first)
      #expect(kept.movie.title == "Nosferatu" && kept.movie.runningTime == 94)
      #expect(kept.movie.overview == nil)
      #expect(try await library.add(WatchEntry(source: "offline", movie: Self.movie)))
      let added = try #require(try await library.entry(1).entry)
      #expect(added.movie.overview == Self.movie.overview)
      #expect(added.movie.runningTime == 117)
    }
  }

  @Test func anUpdateKeepsTheFreshOverviewAndRunningTimeAndNothingElse() async throws {
    try await withFile { path in
      let library = try await SQLiteLibrary.open(path: path)
      // A whole second: the file keeps times as REAL.
      let entry = WatchEntry(
        source: "offline", movie: Self.movie, added: Date(timeIntervalSince1970: 1_000))
      _ = try await library.add(entry)
      let fresh = entry.refreshed(
        from: Movie(id: "42", title: "Renamed", runningTime: 153, overview: "Restored."))
      #expect(try await library.update(fresh))
      let kept = try #require(try await library.watchlist().first)
      #expect(kept.movie.overview == "Restored." && kept.movie.runningTime == 153)
      #expect(kept.movie.title == "Metropolis", "the title stays as kept")
      #expect(kept.added == entry.added)
      let elsewhere = WatchEntry(source: "offline", movie: Movie(id: "9", title: "Gone"))
      #expect(try await !library.update(elsewhere), "no entry, nothing added")
      #expect(try await library.watchlist().count == 1)
    }
  }

  /// Values another program wrote: a running time that is none, an overview that is a
  /// number or bytes, control bytes in the text. Read without a trap; shown escaped.
  @Test func hostileValuesInTheFileAreReadWithoutATrap() async throws {
    try await withFile { path in
      let library = try await SQLiteLibrary.open(path: path)
      _ = try await library.add(WatchEntry(source: "offline", movie: Self.movie))
      let database = try SQLiteDatabase(path: path)
      let rows: [(String, String)] = [
        ("-5", "'\u{1B}]0;pwned\u{07} overview'"), ("9223372036854775807", "x'00ff'"),
        ("'long'", "12"),
      ]
      for (index, (running, overview)) in rows.enumerated() {
        try database.query(
          """
          INSERT INTO watchlist (source, movie_key, movie_id, title, genres, added_at,
            running_time, overview)
          VALUES ('offline', 'id:h\(index)', 'h\(index)', 'Hostile', '', \(index), \(running),
            \(overview))
          """)
      }
      let entries = try await library.watchlist()
      #expect(entries.count == 4)
      for entry in entries where entry.movie.title == "Hostile" {
        #expect(entry.movie.runningTime == nil)
        let shown = MovieDetails.render(entry.movie, label: "w1", palette: .plain)
        #expect(
          !shown.unicodeScalars.contains("\u{1B}") && !shown.unicodeScalars.contains("\u{07}"))
      }
      // The control bytes were read as they are, and only the rendering escaped them.
      #expect(entries.contains { $0.movie.overview?.contains("\u{1B}]0;pwned") == true })
    }
  }
}
