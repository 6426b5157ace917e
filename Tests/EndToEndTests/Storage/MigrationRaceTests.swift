import Foundation
import TestSupport
import Testing

@testable import MoviesStore

/// Two `movies` started at once on a library that needs migrating: one migrates, the other
/// waits for it (SQLite's busy timeout) and goes on; neither gives up with "held by another
/// program", and neither's `watch` is lost. Twenty rounds, each on a new version-4 file
/// (made with Python's `sqlite3`, in its default rollback journal, as an old movies left it).
@Suite(.timeLimit(.minutes(5))) struct MigrationRaceTests {
  static let rounds = 20

  /// A version-4 library with one film on its watchlist.
  static func oldLibrary(at path: String) throws {
    let scripts = LibrarySchema.migrations.prefix(4).joined(separator: "\n")
    try PythonSQLite.run(
      "PRAGMA application_id = \(LibrarySchema.applicationID); \(scripts) PRAGMA user_version = 4;"
        + " INSERT INTO watchlist (source, movie_key, movie_id, title, genres, added_at)"
        + " VALUES ('offline', 'kept', 'kept', 'Kept Film', '', 1);",
      on: path)
  }

  @Test func twoProcessesMigratingAtOnceBothKeepTheirWatch() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for round in 1...Self.rounds {
      let path = folder.appendingPathComponent("round-\(round).sqlite3").path
      try Self.oldLibrary(at: path)
      async let first = MoviesRun.run(["-c", "watch 1"], environment: ["MOVIES_DB": path])
      async let second = MoviesRun.run(["-c", "watch 2"], environment: ["MOVIES_DB": path])
      let runs = try await [first, second]
      for run in runs {
        #expect(run.status == 0, "round \(round): \(run.stderr)")
        #expect(!run.stderr.contains("another program"), "round \(round): \(run.stderr)")
      }
      #expect(
        try PythonSQLite.value(of: "PRAGMA user_version", in: path) == "\(LibrarySchema.latest)")
      let count = try PythonSQLite.value(of: "SELECT count(*) FROM watchlist", in: path)
      #expect(count == "3", "round \(round): the kept film and both watches")
    }
  }
}
