import Foundation
import TestSupport
import Testing

/// A saved session is read back from a file anyone can edit: values no session can have are
/// "nothing saved" with one line naming the file, never a trap.
@Suite(.timeLimit(.minutes(3))) struct DamagedSessionTests {
  /// Column values that trapped `--resume` (division by zero, an invalid range, overflow).
  static let damaged: [(column: String, value: String)] = [
    ("page_size", "0"), ("page_size", "-5"), ("page_size", "9223372036854775806"),
    ("rows", "9223372036854775806"), ("rows", "-1"), ("source", "'ftp://example.com/x'"),
  ]

  /// A database made by `movies` itself, whose session row Python then sets.
  private func database(with column: String, _ value: String, in folder: URL) async throws
    -> String
  {
    let path = folder.appendingPathComponent("movies.sqlite3").path
    let made = try await MoviesRun.run(["-c", "watchlist"], environment: ["MOVIES_DB": path])
    #expect(made.status == 0, "\(made.stderr)")
    let row: [String: String] = [
      "source": "'offline'", "genre_id": "''", "sort_order": "'ratingdesc'", "page_size": "5",
      "rows": "15", "saved_at": "0",
    ].merging([column: value]) { _, new in new }
    let columns = row.keys.sorted()
    try PythonSQLite.run(
      "INSERT INTO sessions (\(columns.joined(separator: ", "))) VALUES ("
        + columns.compactMap { row[$0] }.joined(separator: ", ") + ");",
      on: path)
    return path
  }

  @Test(arguments: 0..<damaged.count)
  func aDamagedSessionIsNothingSavedWithOneLineNamingTheFile(index: Int) async throws {
    let (column, value) = Self.damaged[index]
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try await database(with: column, value, in: folder)

    for arguments in [["--resume", "-c", "list"], ["-c", "resume", "-c", "list"]] {
      let run = try await MoviesRun.run(arguments, environment: ["MOVIES_DB": path])
      // 1: the resume failed in a script, but nothing trapped (a trap is 132 or 133).
      #expect(run.status == 1, "\(column)=\(value): \(run.status) \(run.stderr)")
      let lines = run.stderr.split(separator: "\n")
      #expect(lines.count == 1, "\(run.stderr)")
      #expect(lines.first?.contains("The session saved in \(path) is damaged") == true)
      // The first page of the default query instead, as with nothing saved.
      #expect(run.tableRows.map(\.number) == Array(1...10), "\(run.stdout)")
    }
  }

  /// A genre the source no longer lists: the saved session is named, not `--genre`, and
  /// it is not a usage error.
  @Test func aSavedGenreTheSourceNoLongerListsNamesTheSession() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try await database(with: "genre_id", "'no-such-genre'", in: folder)
    let run = try await MoviesRun.run(["--resume", "-c", "list"], environment: ["MOVIES_DB": path])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stderr.contains("the session saved in \(path) browses a genre"), "\(run.stderr)")
    #expect(!run.stderr.contains("--genre:"), "\(run.stderr)")
  }

  @Test func aSoundSessionStillResumes() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try await database(with: "rows", "15", in: folder)
    let run = try await MoviesRun.run(["--resume", "-c", "list"], environment: ["MOVIES_DB": path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.tableRows.map(\.number) == Array(1...15))
  }
}
