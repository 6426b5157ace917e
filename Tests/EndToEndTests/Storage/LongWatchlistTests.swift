import Foundation
import TestSupport
import Testing

/// A watchlist of 100,000 entries costs `more` and `show wN` next to nothing: only the page's
/// keys are looked up, and wN is found through the index. Listed in JSON, it costs about what
/// its table costs.
@Suite(.timeLimit(.minutes(4))) struct LongWatchlistTests {
  /// A database `movies` made, then given `count` entries by Python.
  private func database(entries count: Int, in folder: URL) async throws -> String {
    let path = folder.appendingPathComponent("movies-\(count).sqlite3").path
    let made = try await MoviesRun.run(["-c", "watchlist"], environment: ["MOVIES_DB": path])
    #expect(made.status == 0, "\(made.stderr)")
    try PythonSQLite.run(
      """
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
      INSERT INTO watchlist (source, movie_key, movie_id, title, genres, added_at)
      SELECT 'offline', 'id:w' || i, 'w' || i, 'Watched ' || i, 'Drama', i FROM n;
      """, on: path)
    return path
  }

  @Test func aLongWatchlistAddsLittleToMoreAndShow() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let long = try await database(entries: 100_000, in: folder)
    let short = try await database(entries: 1, in: folder)
    let commands =
      Array(repeating: "more", count: 150) + Array(repeating: "show w1", count: 5)

    var cpu: [Double] = []
    for path in [short, long] {
      let run = try await MoviesRun.runMeasuringMemory(
        ["--no-prefetch"] + commands.flatMap { ["-c", $0] }, environment: ["MOVIES_DB": path],
        timeout: .seconds(200))
      #expect(run.status == 0, "\(run.stderr.prefix(300))")
      cpu.append(run.cpuSeconds)
    }
    // Before: 50-75 ms more per `more` and 0.7 s per `show wN`, about 12 s in all here.
    #expect(cpu[1] < cpu[0] + 1.5, "\(cpu) s of CPU")
  }

  @Test func entriesAreFoundByNumberNewestFirst() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try await database(entries: 1_000, in: folder)
    let run = try await MoviesRun.run(
      ["-c", "show w1", "-c", "show w1000", "-c", "show w1001"], environment: ["MOVIES_DB": path])
    #expect(run.status == 1)
    #expect(run.stdout.contains("w1  Watched 1000"), "\(run.stdout)")
    #expect(run.stdout.contains("w1000  Watched 1\n"), "\(run.stdout)")
    #expect(run.stderr.contains("There is no entry w1001; the watchlist has w1 to w1000"))
  }

  @Test func aLongWatchlistInJSONCostsAboutWhatItsTableCosts() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try await database(entries: 100_000, in: folder)
    var runs: [MoviesRun] = []
    for flags in [[], ["--json"]] {
      runs.append(
        try await MoviesRun.runMeasuringMemory(
          flags + ["-c", "watchlist"], environment: ["MOVIES_DB": path], timeout: .seconds(200)))
    }
    let (text, json) = (runs[0], runs[1])
    #expect(text.status == 0 && json.status == 0, "\(json.stderr.prefix(300))")
    #expect(json.stdout.filter { $0 == "\n" }.count == 1, "one object")
    #expect(json.stdout.hasPrefix(#"{"command":"watchlist","entries":[{"added":100000,"#))
    #expect(json.stdout.contains(#""entry":"w100000","#), "the last entry is in it")

    // Before, JSONSerialization took 766 MB and 34 s of CPU where the table took 136 MB and
    // 0.5 s.
    let (jsonMB, textMB) = (json.peakResidentBytes >> 20, text.peakResidentBytes >> 20)
    #expect(jsonMB < 2 * textMB, "\(jsonMB) MB for JSON, \(textMB) MB for the table")
    #expect(
      json.cpuSeconds < 3 * text.cpuSeconds + 2,
      "\(json.cpuSeconds) s of CPU for JSON, \(text.cpuSeconds) s for the table")
  }
}
