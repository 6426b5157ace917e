import Foundation
import TestSupport
import Testing

/// A run saves its session only when the list moved; the last few are kept, `resume list`
/// lists them and `resume N` reopens one; a resumed genre shows by name; a failed `--resume`
/// says one thing, once.
@Suite(.timeLimit(.minutes(3))) struct SessionKeepingTests {
  /// A prompt that types `lines` (waiting for each `waits`) and leaves with `quit`.
  private func atThePrompt(
    _ arguments: [String], database: String, ready: String = "/2,006>",
    typing lines: [(String, String)]
  ) async throws {
    let session = try TmuxSession(
      arguments: arguments + ["--no-pager"], environment: ["MOVIES_DB": database], height: 40)
    defer { session.stop() }
    try await session.waitFor(ready)
    for (line, wait) in lines {
      try session.type(line + "\r")
      try await session.waitFor(wait)
    }
    try session.type("quit\r")
    try await session.waitForExit()
  }

  private func withDatabase(_ body: (String) async throws -> Void) async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try await body(folder.appendingPathComponent("movies.sqlite3").path)
  }

  @Test func quittingAtOnceKeepsTheDeeperSessionSavedBefore() async throws {
    try await withDatabase { database in
      try await atThePrompt(
        ["--order", "rating"], database: database,
        typing: [("more 4", "rating 50/2,006>")])
      // Opened and left at once: the list did not move, so nothing is saved over it.
      try await atThePrompt([], database: database, typing: [])
      let resumed = try await MoviesRun.run(
        ["--resume"], input: "quit\n", environment: ["MOVIES_DB": database])
      #expect(resumed.status == 0, "\(resumed.stderr)")
      #expect(resumed.stdout.contains("Resumed: 50 of 2,006 by rating"), "\(resumed.stdout)")
    }
  }

  @Test func resumeListShowsTheSessionsKeptAndResumeNReopensOne() async throws {
    try await withDatabase { database in
      try await atThePrompt(
        ["--order", "rating", "--count", "5"], database: database,
        typing: [("more 2", "rating 15/2,006>")])
      try await atThePrompt(
        [], database: database, typing: [("genre drama", "movies drama 10/"), ("more", "20/")])
      let listed = try await MoviesRun.run(
        ["-c", "resume list"], environment: ["MOVIES_DB": database])
      #expect(listed.status == 0, "\(listed.stderr)")
      let lines = listed.stdout.split(separator: "\n").map(String.init)
      #expect(lines.first?.hasPrefix("1  20 rows by release date, genre Drama") == true, "\(lines)")
      #expect(lines.dropFirst().first?.hasPrefix("2  15 rows by rating") == true, "\(lines)")

      let second = try await MoviesRun.run(
        ["-c", "resume 2", "-c", "list"], environment: ["MOVIES_DB": database])
      #expect(second.status == 0, "\(second.stderr)")
      #expect(second.stdout.contains("Resumed: 15 of 2,006 by rating"), "\(second.stdout)")
      let missing = try await MoviesRun.run(
        ["-c", "resume 3"], environment: ["MOVIES_DB": database])
      #expect(missing.status == 1)
      #expect(missing.stderr.contains("There is no saved session 3; 'resume list' lists the 2"))
    }
  }

  @Test func aResumedGenreShowsByNameInThePromptAndTheResumedLine() async throws {
    try await withDatabase { database in
      try await atThePrompt(
        [], database: database, typing: [("genre comedy", "movies comedy 10/"), ("more", "20/")])
      let session = try TmuxSession(
        arguments: ["--resume"], environment: ["MOVIES_DB": database], height: 40)
      defer { session.stop() }
      let screen = try await session.waitFor("movies comedy 20/")
      #expect(screen.contains("Resumed: 20 of "), "\(screen)")
      #expect(screen.contains(", genre Comedy"), "\(screen)")
      #expect(!screen.contains("genre 3"))
    }
  }

  @Test func aFailedResumeSaysOneThingOnceAndWhatTheListIsNow() async throws {
    try await withDatabase { database in
      let server = try await HoppinTestServer(limit: 40)
      try await atThePrompt(
        ["--api", server.apiURL.absoluteString, "--order", "rating"], database: database,
        ready: "/40>", typing: [("more", "rating 20/")])
      server.stop()
      // The saved session names the server, which is down: resume fails, and so does the
      // first page that takes its place.
      let run = try await MoviesRun.run(
        ["--resume", "--retries", "0"], input: "quit\n", environment: ["MOVIES_DB": database])
      #expect(run.status == 1)
      let errors = run.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }
      #expect(errors.count == 1, "\(run.stderr)")
      #expect(errors.first?.contains("type 'resume' to try again") == true, "\(run.stderr)")
      #expect(
        errors.first?.hasSuffix("The list is empty for now; 'more' loads its first page.") == true)
    }
  }
}
