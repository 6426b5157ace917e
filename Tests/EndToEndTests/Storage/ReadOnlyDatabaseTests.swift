import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A watchlist file that cannot be written is opened to read: `watchlist` and `show wN`
/// work, changes are refused with the reason, and the start says so once.
@Suite(.timeLimit(.minutes(3))) struct ReadOnlyDatabaseTests {
  /// Runs the binary as `nobody` when the tests run as root, who may write anything. `nobody`
  /// may not enter the checkout (a clone under a 0700 folder, as CI and containers make), so
  /// it runs a copy of the binary beside a copy of the offline catalogue, in a folder anyone
  /// can read.
  private func runUnprivileged(_ arguments: [String], database: String) async throws -> MoviesRun {
    guard getuid() == 0 else {
      return try await MoviesRun.run(arguments, environment: ["MOVIES_DB": database])
    }
    let program = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: program) }
    let executable = program.appendingPathComponent("movies")
    try FileManager.default.copyItem(at: TestPaths.moviesExecutable, to: executable)
    try FileManager.default.copyItem(
      at: TestPaths.sampleData, to: program.appendingPathComponent("sample-data"))
    try Self.letAnyoneRead(program)
    try #require(chmod(executable.path, 0o755) == 0)
    return try await MoviesRun.run(
      ["--reuid=65534", "--regid=65534", "--clear-groups", executable.path] + arguments,
      environment: ["MOVIES_DB": database, "HOME": "/nonexistent"],
      executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
  }

  /// Folders 0755 and files 0644, whatever the umask of the clone was.
  private static func letAnyoneRead(_ folder: URL) throws {
    let paths =
      [folder.path]
      + (FileManager.default.subpaths(atPath: folder.path) ?? []).map {
        folder.appendingPathComponent($0).path
      }
    for path in paths {
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
      try #require(chmod(path, isFolder.boolValue ? 0o755 : 0o644) == 0, "chmod \(path)")
    }
  }

  /// What migration 7 added (a title's kind, an episode's place, a series' counts), taken
  /// off to make a file of an older version.
  static let droppingSeriesColumns =
    ["kind", "series_id", "series_title", "season", "episode", "seasons", "episodes"]
    .map { "ALTER TABLE watchlist DROP COLUMN \($0); " }.joined()
    + "ALTER TABLE sessions DROP COLUMN kind; "

  /// `fromTheLastVersion`: the file as the build before the rating count's column left it,
  /// which a read-only file cannot be migrated from.
  @Test(arguments: [false, true])
  func aReadOnlyFileIsReadAndChangesAreRefused(fromTheLastVersion: Bool) async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer {
      chmod(folder.path, 0o700)
      try? FileManager.default.removeItem(at: folder)
    }
    let path = folder.appendingPathComponent("movies.sqlite3").path
    let made = try await MoviesRun.run(
      ["-c", "watch 2", "-c", "watch 3"], environment: ["MOVIES_DB": path])
    #expect(made.status == 0, "\(made.stderr)")
    // Closed by Python, the last to have it open: no -wal or -shm left, the case where
    // reading needs no file written beside it.
    try PythonSQLite.run(
      "PRAGMA wal_checkpoint(TRUNCATE);"
        + (fromTheLastVersion
          ? Self.droppingSeriesColumns + "DROP TABLE diary; "
            + "ALTER TABLE sessions DROP COLUMN filters; ALTER TABLE watchlist DROP COLUMN overview; "
            + "ALTER TABLE watchlist DROP COLUMN rating_count; PRAGMA user_version = 3;" : ""),
      on: path)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["movies.sqlite3"])
    try #require(chmod(path, 0o444) == 0 && chmod(folder.path, 0o555) == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))

    let run = try await runUnprivileged(
      ["-c", "watchlist", "-c", "show w1", "-c", "watch 4"], database: path)

    #expect(run.status == 1, "the watch failed: \(run.stderr)")
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 2, "\(run.stderr)")
    #expect(lines.first?.hasPrefix("warning: \(path) can only be read") == true, "\(run.stderr)")
    #expect(lines.last?.hasPrefix("error: \(path) can only be read") == true, "\(run.stderr)")
    #expect(run.stdout.contains("2 movies on the watchlist"), "\(run.stdout)")
    #expect(run.stdout.contains("  Movie ID  "), "show w1: \(run.stdout)")
    // The rating count the list had, unless the file is from before it was kept.
    #expect(run.stdout.contains(" ratings") != fromTheLastVersion, "show w1: \(run.stdout)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }
}
