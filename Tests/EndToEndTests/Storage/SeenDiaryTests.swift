import Foundation
import TestSupport
import Testing

@testable import MoviesStore

/// On a source that knows nothing of what was watched (the offline catalogue, TMDb), `seen N`
/// and `unseen N` keep a diary in the library file, with the date: the rows show the same
/// `✓` a media server's do, in this run and the next, and `find seen:no` (or `played:`)
/// works on them.
@Suite(.timeLimit(.minutes(2))) struct SeenDiaryTests {
  /// A folder for the library file, removed afterwards; `MOVIES_DB` pointing into it.
  private func withDatabase(
    _ body: (_ path: String, _ environment: [String: String]) async throws -> Void
  ) async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("movies.sqlite3").path
    try await body(path, ["MOVIES_DB": path])
  }

  static func mark(_ run: MoviesRun, row: Int) -> String? {
    run.progressMarks.last { $0.number == row }?.mark
  }

  static var today: String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter.string(from: Date())
  }

  @Test func theOfflineDiarySurvivesARestartAndFindFiltersOnIt() async throws {
    try await withDatabase { path, environment in
      // A script's first page is loaded, not printed: `list` prints it.
      let before = try await MoviesRun.run(["-c", "list"], environment: environment)
      #expect(!before.stdout.contains("✓"), "no diary, no column")
      let title = try #require(before.tableRows.first { $0.number == 3 }?.text)
      let marked = try await MoviesRun.run(
        ["-c", "seen 3", "-c", "seen 5-6", "-c", "seen 3"], environment: environment)
      #expect(marked.status == 0, "\(marked.stderr)")
      #expect(marked.stdout.contains("(in the diary, \(Self.today))."))
      #expect(marked.stdout.contains("Marked 2 films of rows 5-6 as seen."))
      #expect(marked.stdout.contains("was marked seen already."))
      #expect(try PythonSQLite.value(of: "SELECT count(*) FROM diary", in: path) == "3")
      #expect(
        try PythonSQLite.value(of: "PRAGMA user_version", in: path) == "\(LibrarySchema.latest)")

      let after = try await MoviesRun.run(
        ["-c", "list", "-c", "find seen:yes", "-c", "unseen 5", "-c", "find played:yes"],
        environment: environment)
      #expect(after.status == 0, "\(after.stderr)")
      #expect(Self.mark(after, row: 3) == "✓", "the next run shows the diary")
      let page = after.progressMarks.prefix(10)
      #expect(page.filter { $0.mark == "✓" }.map(\.number) == [3, 5, 6])
      #expect(after.stdout.contains("Marked row 5"))
      #expect(after.stdout.contains("as not seen (out of the diary)."))
      #expect(after.stdout.contains("2 matches"), "find played:yes after unseen 5")
      #expect(after.stdout.contains(String(title.prefix(20))))
      #expect(try PythonSQLite.value(of: "SELECT count(*) FROM diary", in: path) == "2")
    }
  }

  @Test func theWatchlistHasTheListsMarkColumn() async throws {
    try await withDatabase { _, environment in
      let run = try await MoviesRun.run(
        ["-c", "watch 2", "-c", "watch 4", "-c", "seen 4", "-c", "watchlist"],
        environment: environment)
      #expect(run.status == 0, "\(run.stderr)")
      let entries = run.stdout.split(separator: "\n").filter { $0.hasPrefix("w") }
      #expect(entries.count == 2)
      // Newest first: w1 is row 4, seen; w2 is row 2, not.
      #expect(
        entries.first?.dropFirst(2).trimmingCharacters(in: .whitespaces).hasPrefix("✓") == true)
      #expect(entries.last?.contains("✓") == false)
    }
  }

  @Test func onTMDbTheDiaryIsKeptUnderItsAddress() async throws {
    try await withDatabase { path, environment in
      let server = try await TMDbTestServer()
      let folder = try TestPaths.makeTemporaryFolder()
      defer { try? FileManager.default.removeItem(at: folder) }
      let env = server.environment(cache: folder).merging(environment) { _, new in new }
      let marked = try await MoviesRun.run(
        server.arguments(["--no-prefetch", "-c", "seen 2", "-c", "list", "-c", "show 2"]),
        environment: env)
      #expect(marked.status == 0, "\(marked.stderr)")
      #expect(Self.mark(marked, row: 2) == "✓")
      #expect(marked.stdout.contains("Progress") && marked.stdout.contains("Played"))
      let again = try await MoviesRun.run(
        server.arguments(["--no-prefetch", "-c", "list", "-c", "find seen:no"]), environment: env)
      #expect(again.status == 0, "\(again.stderr)")
      #expect(Self.mark(again, row: 2) == "✓", "kept across runs")
      let source = try PythonSQLite.value(of: "SELECT source FROM diary", in: path)
      #expect(source.contains("127.0.0.1"), "kept under TMDb's address: \(source)")
    }
  }

  @Test func withoutALibrarySeenSaysWhy() async throws {
    let run = try await MoviesRun.run(["-c", "seen 2"])
    #expect(run.status != 0)
    #expect(run.stderr.contains("MOVIES_DB"))
  }
}
