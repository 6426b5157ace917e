import Foundation
import MoviesCore
import TestSupport
import Testing

@testable import MoviesStore

/// The library file: migrations from version 1, refusing what it cannot use, sharing.
@Suite(.timeLimit(.minutes(1))) struct SQLiteLibraryTests {
  private static let movie = Movie(
    id: "42", title: "Metropolis", genres: ["Drama", "Sci-Fi, Classic"],
    thumbnail: "posters/42.jpg", link: "https://example.com/42", rating: 8.4, ratingCount: 1_234,
    releaseDate: "1927", runningTime: 117, grade: "PG")

  private func withFolder(_ body: (URL) async throws -> Void) async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try await body(folder)
  }

  @Test func aNewFileIsPrivateAtTheLatestVersionAndKeepsEveryField() async throws {
    try await withFolder { folder in
      let path = folder.appendingPathComponent("deeper/movies.sqlite3").path
      let library = try await SQLiteLibrary.open(path: path)
      #expect(try await library.add(WatchEntry(source: "offline", movie: Self.movie)))
      #expect(try await !library.add(WatchEntry(source: "offline", movie: Self.movie)))

      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      #expect((attributes[.posixPermissions] as? Int) == 0o600)
      let entries = try await library.watchlist()
      #expect(entries.map(\.movie) == [Self.movie])
      #expect(try SQLiteDatabase(path: path).userVersion() == LibrarySchema.latest)
      #expect(try await library.watchedKeys(source: "offline") == ["id:42"])
      #expect(try await library.watchedKeys(source: "http://elsewhere/").isEmpty)
    }
  }

  /// A table's rows are looked up a chunk of keys at a time: every chunk, the last one short,
  /// finds its own watched keys and only this source's.
  @Test func watchedKeysAmongManyAreFoundInEveryChunk() async throws {
    try await withFolder { folder in
      let library = try await SQLiteLibrary.open(path: folder.appendingPathComponent("m").path)
      let odd = Movie(title: "Quote \" and \\ 올드보이", releaseDate: "2003")
      let watched = [Movie(id: "1", title: "A"), Movie(id: "101", title: "B"), odd]
      for movie in watched {
        _ = try await library.add(WatchEntry(source: "offline", movie: movie))
      }
      _ = try await library.add(WatchEntry(source: "elsewhere", movie: Movie(id: "2", title: "C")))
      let keys =
        (1...(2 * SQLiteLibrary.keysPerLookup + 5)).map { "id:\($0)" }
        + [WatchEntry.key(for: odd)]
      let found = try await library.watchedKeys(source: "offline", among: keys)
      #expect(found == Set(watched.map(WatchEntry.key)))
      #expect(try await library.watchedKeys(source: "offline", among: ["id:2"]).isEmpty)
    }
  }

  @Test func theLastFewSessionsAreKeptNewestFirstAndARepeatMovesUp() async throws {
    try await withFolder { folder in
      let path = folder.appendingPathComponent("movies.sqlite3").path
      let library = try await SQLiteLibrary.open(path: path)
      func session(_ rows: Int) -> SavedSession {
        SavedSession(
          source: "offline", query: MovieQuery(genreID: "4", pageSize: 10), genreName: "Drama",
          rows: rows, saved: Date(timeIntervalSince1970: Double(rows)))
      }
      for rows in 1...(SavedSession.kept + 2) { try await library.saveSession(session(rows * 10)) }
      var kept = try await library.savedSessions()
      #expect(kept.map(\.rows) == (3...(SavedSession.kept + 2)).reversed().map { $0 * 10 })
      #expect(kept.first == session((SavedSession.kept + 2) * 10), "every field comes back")
      // The newest saved again takes no other place.
      try await library.saveSession(session((SavedSession.kept + 2) * 10))
      kept = try await library.savedSessions()
      #expect(kept.count == SavedSession.kept && kept.last?.rows == 30)
      // Older ones are deleted, not only left unread.
      let rows = try SQLiteDatabase(path: path).query("SELECT count(*) FROM sessions")
      #expect(rows.first?.first?.integer == Int64(SavedSession.kept))
    }
  }

  @Test func aVersionOneFileIsMigratedAndKeepsItsEntries() async throws {
    try await withFolder { folder in
      let path = folder.appendingPathComponent("v1.sqlite3").path
      _ = FileManager.default.createFile(atPath: path, contents: nil)
      let old = try SQLiteDatabase(path: path)
      try LibrarySchema.migrate(old, to: 1)
      #expect(try old.userVersion() == 1)
      try old.query(
        """
        INSERT INTO watchlist (source, movie_key, movie_id, title, genres, rating, release_date,
          link, thumbnail, added_at) VALUES ('offline', 'id:7', '7', 'Nosferatu', 'Horror', 8.1,
          '1922', NULL, 'posters/7.jpg', 100)
        """)
      try old.query(
        "INSERT INTO session VALUES (1, 'offline', '4', 'ratingdesc', 5, 15)")

      let library = try await SQLiteLibrary.open(path: path)
      #expect(try SQLiteDatabase(path: path).userVersion() == LibrarySchema.latest)
      let entries = try await library.watchlist()
      #expect(entries.map(\.movie.title) == ["Nosferatu"])
      #expect(entries.first?.movie.runningTime == nil)
      #expect(
        try await library.savedSessions()
          == [
            SavedSession(
              source: "offline",
              query: MovieQuery(genreID: "4", order: "ratingdesc", pageSize: 5), rows: 15,
              saved: Date(timeIntervalSince1970: 0))
          ])
      // The new columns work after the migration.
      #expect(try await library.add(WatchEntry(source: "offline", movie: Self.movie)))
      #expect(try await library.watchlist().first?.movie.grade == "PG")
    }
  }

  @Test func aFileFromANewerVersionIsRefusedAndLeftAsItIs() async throws {
    try await withFolder { folder in
      let path = folder.appendingPathComponent("newer.sqlite3").path
      // A file in rollback-journal mode, so switching it to WAL would change its header.
      _ = FileManager.default.createFile(atPath: path, contents: nil)
      let newer = try SQLiteDatabase(path: path)
      try newer.execute(script: "CREATE TABLE future (x)")
      try newer.setUserVersion(LibrarySchema.latest + 5)
      try newer.setApplicationID(LibrarySchema.applicationID)
      let before = try Data(contentsOf: URL(fileURLWithPath: path))

      let error = await #expect(throws: LibraryError.self) {
        _ = try await SQLiteLibrary.open(path: path)
      }
      #expect(
        error
          == .newerVersion(
            path: path, version: LibrarySchema.latest + 5, known: LibrarySchema.latest))
      #expect(error?.message.contains(path) == true)
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
  }

  @Test func anotherProgramsDatabaseIsRefusedAndLeftAsItIs() async throws {
    try await withFolder { folder in
      let path = folder.appendingPathComponent("other.sqlite3").path
      _ = FileManager.default.createFile(atPath: path, contents: nil)
      try SQLiteDatabase(path: path).execute(script: "CREATE TABLE notes (text TEXT)")
      let before = try Data(contentsOf: URL(fileURLWithPath: path))
      let error = await #expect(throws: LibraryError.self) {
        _ = try await SQLiteLibrary.open(path: path)
      }
      #expect(error == .notADatabase(path: path))
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
  }

  @Test func aFolderThatCannotBeMadeIsReportedAsNotWritable() async throws {
    try await withFolder { folder in
      let blocker = folder.appendingPathComponent("a-file")
      try Data("x".utf8).write(to: blocker)
      let path = blocker.appendingPathComponent("movies.sqlite3").path
      let error = await #expect(throws: LibraryError.self) {
        _ = try await SQLiteLibrary.open(path: path)
      }
      #expect(error == .notWritable(path: path))
    }
  }

  @Test(.enabled(if: getuid() != 0, "root writes to read-only folders"))
  func aReadOnlyFolderIsReportedAndNothingIsCreated() async throws {
    try await withFolder { folder in
      try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: folder.path)
      defer {
        try? FileManager.default.setAttributes(
          [.posixPermissions: 0o700], ofItemAtPath: folder.path)
      }
      let path = folder.appendingPathComponent("movies.sqlite3").path
      let error = await #expect(throws: LibraryError.self) {
        _ = try await SQLiteLibrary.open(path: path)
      }
      #expect(error == .notWritable(path: path))
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
  }

  @Test func twoConnectionsAddingAtOnceLoseNothing() async throws {
    try await withFolder { folder in
      let path = folder.appendingPathComponent("shared.sqlite3").path
      async let first = SQLiteLibrary.open(path: path)
      async let second = SQLiteLibrary.open(path: path)
      let libraries = try await [first, second]
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<40 {
          group.addTask {
            let movie = Movie(id: "\(index)", title: "Movie \(index)")
            _ = try await libraries[index % 2].add(WatchEntry(source: "offline", movie: movie))
          }
        }
        try await group.waitForAll()
      }
      #expect(try await libraries[0].watchlist().count == 40)
      #expect(try await libraries[1].remove(source: "offline", key: "id:3"))
      #expect(try await !libraries[0].remove(source: "offline", key: "id:3"))
    }
  }

  @Test func theLocationFollowsMoviesDBThenXDGThenHome() {
    #expect(
      SQLiteLibrary.location(environment: ["MOVIES_DB": "/tmp/x.db", "HOME": "/h"]) == "/tmp/x.db")
    #expect(SQLiteLibrary.location(environment: ["MOVIES_DB": "/dev/null", "HOME": "/h"]) == nil)
    #expect(
      SQLiteLibrary.location(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"])
        == "/d/movies/movies.sqlite3")
    #expect(
      SQLiteLibrary.location(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"])
        == "/h/.local/share/movies/movies.sqlite3")
    #expect(SQLiteLibrary.location(environment: [:]) == nil)
  }
}
