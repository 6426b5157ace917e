import Foundation
import TestSupport
import Testing

/// Leaving the prompt saves the query and its depth; `--resume` and `resume` reopen them.
@Suite(.timeLimit(.minutes(2))) struct ResumeTests {
  /// Browses at the prompt (order, page size, two more pages) and leaves with `quit`.
  private func leaveAPrompt(arguments: [String], database: String) async throws {
    let session = try TmuxSession(
      arguments: arguments + ["--order", "ratingdesc", "--count", "5"],
      environment: ["MOVIES_DB": database])
    defer { session.stop() }
    try await session.waitFor("rating 5/")
    try session.type("more")
    try session.press("Enter")
    try await session.waitFor("rating 10/")
    try session.type("more")
    try session.press("Enter")
    try await session.waitFor("rating 15/")
    try session.type("quit")
    try session.press("Enter")
    try await session.waitForExit()
  }

  @Test func resumeFlagReopensTheOrderAndDepthPrintingOnlyTheLastPage() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = folder.appendingPathComponent("movies.sqlite3").path
    try await leaveAPrompt(arguments: [], database: database)

    let all = try await MoviesRun.run(
      ["--order", "ratingdesc", "--count", "15"], input: "quit\n",
      environment: ["MOVIES_DB": "/dev/null"])
    let expected = all.tableRows

    // Commands on standard input, so the first reply (the resume) is printed too.
    let resumed = try await MoviesRun.run(
      ["--resume"], input: "list\n", environment: ["MOVIES_DB": database])
    #expect(resumed.status == 0, "\(resumed.stderr)")
    let head = resumed.stdout.components(separatedBy: "Showing 15 of 2,006").first ?? ""
    #expect(head.contains("Resumed: 15 of 2,006 by rating"), "\(resumed.stdout)")
    // Only the last page (rows 11 to 15) before the status line; then `list` shows all 15
    // in rating order, as the first run had them.
    let rows = resumed.tableRows
    #expect(rows.prefix(5).map(\.number) == Array(11...15))
    #expect(rows.dropFirst(5).map(\.number) == Array(1...15))
    // The mark column makes the title column narrower; compare the words.
    func words(_ text: String) -> String { text.split(separator: " ").joined(separator: " ") }
    #expect(rows.dropFirst(5).map { words($0.text) } == expected.map { words($0.text) })
  }

  @Test func resumeOverHTTPUsesTheSavedServerWithPagesFetchedTogether() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = folder.appendingPathComponent("movies.sqlite3").path
    let server = try await HoppinTestServer(limit: 40)
    defer { server.stop() }
    try await leaveAPrompt(arguments: ["--api", server.apiURL.absoluteString], database: database)
    let before = try server.requests().count

    // No --api: the saved session names the server.
    let resumed = try await MoviesRun.run(
      ["--resume", "--no-prefetch"], input: "quit\n", environment: ["MOVIES_DB": database])
    #expect(resumed.status == 0, "\(resumed.stderr)")
    #expect(resumed.stdout.contains("Resumed: 15 of 40 by rating"), "\(resumed.stdout)")
    let asked = try server.requests().dropFirst(before).filter { $0.path.hasSuffix("/movies") }
    #expect(asked.map { $0.query["page"] ?? "" }.sorted() == ["1", "2", "3"])
    #expect(asked.allSatisfy { $0.query["order"] == "ratingdesc" && $0.query["count"] == "5" })
  }

  @Test func resumeCommandWithNothingSavedSaysSoAndChangesNothing() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try await MoviesRun.run(
      ["-c", "resume", "-c", "list"],
      environment: ["MOVIES_DB": folder.appendingPathComponent("movies.sqlite3").path])
    #expect(run.status == 1)
    #expect(run.stderr.contains("No session is saved yet"), "\(run.stderr)")
    #expect(run.tableRows.suffix(10).map(\.number) == Array(1...10))
  }
}

/// `resume` of a deep list, and of a source that does not answer.
@Suite(.timeLimit(.minutes(3))) struct ResumeCostTests {
  /// A database `movies` made, with a saved session for `source` that Python wrote.
  private func database(source: String, pageSize: Int, rows: Int, in folder: URL) async throws
    -> String
  {
    let path = folder.appendingPathComponent("movies.sqlite3").path
    let made = try await MoviesRun.run(["-c", "watchlist"], environment: ["MOVIES_DB": path])
    #expect(made.status == 0, "\(made.stderr)")
    try PythonSQLite.run(
      "INSERT INTO sessions (source, genre_id, sort_order, page_size, rows, saved_at) "
        + "VALUES ('\(source)', '', 'releasedateasc', \(pageSize), \(rows), 0);",
      on: path)
    return path
  }

  @Test func aDeepListComesBackInLargePages() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try await HoppinTestServer()
    defer { server.stop() }
    let path = try await database(
      source: server.apiURL.absoluteString, pageSize: 10, rows: 2_006, in: folder)

    let run = try await MoviesRun.run(
      ["--resume", "--no-prefetch", "-c", "list"], environment: ["MOVIES_DB": path])

    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.tableRows.map(\.number) == Array(1...2_006))
    // Page 1, pages of 10, 20, 40 … 640 lined up, then 640s, then what is left: 201
    // requests at --count before.
    let pages = try server.requests().filter { $0.path.hasSuffix("/movies") }
    #expect(pages.count <= 15, "\(pages.map(\.query))")
    // `more` goes on at the saved page size from the right page.
    #expect(pages.allSatisfy { Int($0.query["count"] ?? "") ?? 0 <= 1_000 })
  }

  @Test func aSourceThatNeverAnswersIsWaitedForOnce() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try await HoppinTestServer(limit: 25, extraArguments: ["--fault", "hang"])
    defer { server.stop() }
    let path = try await database(
      source: server.apiURL.absoluteString, pageSize: 10, rows: 20, in: folder)

    let clock = ContinuousClock()
    let start = clock.now
    let run = try await MoviesRun.run(
      ["--resume", "--timeout", "2", "--retries", "0", "-c", "list"],
      environment: ["MOVIES_DB": path])
    let elapsed = start.duration(to: clock.now)

    #expect(run.status == 1)
    // The resume's first page, and not the fallback first page on the same server.
    #expect(try server.pageRequests() == [1], "\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    #expect(elapsed < .seconds(8), "\(elapsed)")
  }
}
