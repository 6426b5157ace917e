import Foundation
import TestSupport
import Testing

@testable import MoviesStore

#if canImport(Glibc)
  import Glibc
#endif

/// `MOVIES_DB` may name another program's file: it is recognised before anything writes to
/// it, refused with one warning, and left byte for byte as it was, with nothing beside it.
@Suite(.timeLimit(.minutes(3))) struct ForeignDatabaseTests {
  /// Other programs' databases, made with Python's `sqlite3`: each looks like ours in one way.
  static let foreign: [(name: String, sql: String)] = [
    (
      "version 1 with its own watchlist",
      "PRAGMA user_version = 1; CREATE TABLE watchlist (id INTEGER PRIMARY KEY, url TEXT);"
    ),
    ("version 2 with a table", "PRAGMA user_version = 2; CREATE TABLE notes (text TEXT);"),
    (
      "our very tables under another application id",
      "PRAGMA application_id = 1234; PRAGMA user_version = 1; " + LibrarySchema.migrations[0]
    ),
  ]

  private static func files(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  @Test(arguments: 0..<foreign.count)
  func anotherProgramsDatabaseIsRefusedAndKeptByteForByte(index: Int) async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("theirs.sqlite3").path
    try PythonSQLite.run(Self.foreign[index].sql, on: path)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))

    let run = try await MoviesRun.run(
      ["-c", "watch 1", "-c", "watchlist"], environment: ["MOVIES_DB": path])

    #expect(run.status == 1, "\(Self.foreign[index].name)")
    let warnings = run.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
    #expect(warnings.count == 1, "\(run.stderr)")
    #expect(warnings.first?.contains("\(path) is not a movies database") == true)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "the bytes are unchanged")
    #expect(try Self.files(in: folder) == ["theirs.sqlite3"], "no -wal, -shm or -journal")
  }

  /// A file an earlier movies made (no application id yet) is still ours, and gets the id.
  @Test func aFileFromBeforeTheApplicationIDIsAdoptedAndMarked() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("movies.sqlite3").path
    let made = try await MoviesRun.run(["-c", "watch 2"], environment: ["MOVIES_DB": path])
    #expect(made.status == 0, "\(made.stderr)")
    try PythonSQLite.run("PRAGMA application_id = 0;", on: path)

    let run = try await MoviesRun.run(["-c", "watchlist"], environment: ["MOVIES_DB": path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.isEmpty, "\(run.stderr)")
    #expect(run.stdout.contains("w1  "), "\(run.stdout)")
    // "MOVI", read by Python (the header may still be in the -wal file).
    #expect(try PythonSQLite.value(of: "PRAGMA application_id", in: path) == "\(0x4D4F_5649)")
  }

  /// A device, a FIFO or a folder is refused before SQLite opens it (which left
  /// `NAME-journal` beside it, `/dev/zero-journal` as root).
  @Test(arguments: ["fifo", "folder", "/dev/zero"])
  func anythingButARegularFileIsRefusedBeforeSQLiteSeesIt(kind: String) async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path: String
    switch kind {
    case "fifo":
      path = folder.appendingPathComponent("pipe").path
      try #require(mkfifo(path, 0o600) == 0)
    case "folder":
      path = folder.appendingPathComponent("a-folder").path
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    default:
      path = kind
    }
    let listed = try Self.files(in: folder)

    let run = try await MoviesRun.run(
      ["-c", "watch 1"], environment: ["MOVIES_DB": path], timeout: .seconds(30))

    #expect(run.status == 1)
    let warnings = run.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
    #expect(warnings.count == 1, "\(run.stderr)")
    #expect(warnings.first?.contains("\(path) is not a regular file") == true, "\(run.stderr)")
    #expect(try Self.files(in: folder) == listed)
    #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
  }
}
