import Foundation
import MoviesCore
import TestSupport
import Testing

@testable import MoviesStore

/// The statement wrapper: every failing C call comes back as a typed error with SQLite's code.
@Suite(.timeLimit(.minutes(1))) struct SQLiteDatabaseTests {
  /// A new, empty database file in its own folder.
  private func freshDatabase() throws -> (SQLiteDatabase, URL) {
    let folder = try TestPaths.makeTemporaryFolder()
    let file = folder.appendingPathComponent("test.sqlite3")
    _ = FileManager.default.createFile(atPath: file.path, contents: nil)
    let database = try SQLiteDatabase(path: file.path)
    try database.execute(script: "CREATE TABLE t (k TEXT PRIMARY KEY, v INTEGER NOT NULL)")
    return (database, folder)
  }

  @Test func boundValuesComeBackAsTheyWent() throws {
    let (database, folder) = try freshDatabase()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A value that would break string-built SQL goes through as text.
    let hostile = "x'); DROP TABLE t; --"
    try database.query("INSERT INTO t (k, v) VALUES (?, ?)", [.text(hostile), .integer(7)])
    let rows = try database.query("SELECT k, v FROM t WHERE k = ?", [.text(hostile)])
    #expect(rows == [[.text(hostile), .integer(7)]])
  }

  @Test func badSQLFailsInPrepare() throws {
    let (database, folder) = try freshDatabase()
    defer { try? FileManager.default.removeItem(at: folder) }
    let error = try #require(throws: SQLiteError.self) { try database.query("SELEC nothing") }
    #expect(error.code == SQLiteError.error)
    #expect(error.operation == "prepare")
    #expect(error.message.contains("syntax error"))
  }

  @Test func theWrongNumberOfValuesFailsBeforeRunning() throws {
    let (database, folder) = try freshDatabase()
    defer { try? FileManager.default.removeItem(at: folder) }
    let error = try #require(throws: SQLiteError.self) {
      try database.query("INSERT INTO t (k, v) VALUES (?, ?)", [.text("a")])
    }
    #expect(error.code == SQLiteError.range)
    #expect(try database.query("SELECT count(*) FROM t") == [[.integer(0)]])
  }

  @Test func aConstraintFailsInStepAndTheStatementCanBeUsedAgain() throws {
    let (database, folder) = try freshDatabase()
    defer { try? FileManager.default.removeItem(at: folder) }
    let insert = "INSERT INTO t (k, v) VALUES (?, ?)"
    let error = try #require(throws: SQLiteError.self) {
      try database.query(insert, [.text("a"), .null])
    }
    #expect(error.code == SQLiteError.constraint)
    #expect(error.operation == "step")
    try database.query(insert, [.text("a"), .integer(1)])
    #expect(try database.query("SELECT v FROM t") == [[.integer(1)]])
  }

  @Test func aTransactionThatThrowsIsRolledBack() throws {
    let (database, folder) = try freshDatabase()
    defer { try? FileManager.default.removeItem(at: folder) }
    struct Stop: Error {}
    #expect(throws: Stop.self) {
      try database.transaction {
        try database.query("INSERT INTO t (k, v) VALUES ('a', 1)")
        throw Stop()
      }
    }
    #expect(try database.query("SELECT count(*) FROM t") == [[.integer(0)]])
    // The connection is usable again: no transaction was left open.
    try database.transaction { try database.query("INSERT INTO t (k, v) VALUES ('b', 2)") }
    #expect(try database.query("SELECT k FROM t") == [[.text("b")]])
  }

  @Test func aFileThatIsNotADatabaseFailsOnTheFirstRead() throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("text.sqlite3")
    try Data(String(repeating: "not a database\n", count: 100).utf8).write(to: file)
    let database = try SQLiteDatabase(path: file.path)
    let error = try #require(throws: SQLiteError.self) { try database.userVersion() }
    #expect(error.code == SQLiteError.notADatabase)
  }

  @Test func aMissingFileIsNotCreated() throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("missing.sqlite3")
    let error = try #require(throws: SQLiteError.self) { try SQLiteDatabase(path: file.path) }
    #expect(error.code == SQLiteError.cannotOpen)
    #expect(!FileManager.default.fileExists(atPath: file.path))
  }

  @Test func aWriterWaitsForTheBusyTimeoutThenFailsBusy() throws {
    let (database, folder) = try freshDatabase()
    defer { try? FileManager.default.removeItem(at: folder) }
    let other = try SQLiteDatabase(
      path: folder.appendingPathComponent("test.sqlite3").path, busyTimeout: .milliseconds(50))
    try database.query("BEGIN IMMEDIATE")
    let error = try #require(throws: SQLiteError.self) {
      try other.transaction { try other.query("INSERT INTO t (k, v) VALUES ('x', 1)") }
    }
    #expect(error.code == SQLiteError.busy)
    try database.query("COMMIT")
    try other.transaction { try other.query("INSERT INTO t (k, v) VALUES ('x', 1)") }
  }

  /// SQLite reports a full disk as SQLITE_FULL; a page limit makes it without filling a disk.
  @Test func aFullDatabaseFailsFullAndTheLibrarySaysTheDiskIsFull() throws {
    let (database, folder) = try freshDatabase()
    defer { try? FileManager.default.removeItem(at: folder) }
    let pages = try #require(try database.query("PRAGMA page_count").first?.first?.integer)
    try database.query("PRAGMA max_page_count = \(pages)")
    let error = try #require(throws: SQLiteError.self) {
      try database.transaction {
        try database.query(
          "INSERT INTO t (k, v) VALUES (?, 1)", [.text(String(repeating: "x", count: 100_000))])
      }
    }
    #expect(error.code == SQLiteError.full)
    let library = SQLiteLibrary.libraryError(error, path: "/data/movies.sqlite3")
    #expect(library == .diskFull(path: "/data/movies.sqlite3"))
    #expect(library.message.contains("/data/movies.sqlite3"))
    #expect(try database.query("SELECT count(*) FROM t") == [[.integer(0)]])
  }
}
