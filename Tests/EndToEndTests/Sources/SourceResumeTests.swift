import Foundation
import TestSupport
import Testing

/// `--resume` reopens the saved source at the saved address, and never sends this run's
/// secret to a server this run did not name.
@Suite(.timeLimit(.minutes(3))) struct SourceResumeTests {
  private func leaveAPrompt(
    _ arguments: [String], _ environment: [String: String], database: String
  )
    async throws
  {
    let session = try TmuxSession(
      arguments: arguments + ["--count", "5"],
      environment: environment.merging(["MOVIES_DB": database]) { _, new in new })
    defer { session.stop() }
    try await session.waitFor("5/")
    // A session is saved when the list moved.
    try session.type("more")
    try session.press("Enter")
    try await session.waitFor("10/")
    try session.type("quit")
    try session.press("Enter")
    try await session.waitForExit()
  }

  @Test func aSessionOnALocalTMDbReopensThere() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = folder.appendingPathComponent("movies.sqlite3").path
    let server = try await TMDbTestServer(limit: 40)
    defer { server.stop() }
    let key = ["TMDB_API_KEY": TMDbTestServer.apiKey]
    try await leaveAPrompt(server.arguments(), key, database: database)
    let before = try server.requests().count

    let resumed = try await MoviesRun.run(
      ["--resume"], input: "list\n", environment: key.merging(["MOVIES_DB": database]) { $1 })
    #expect(resumed.status == 0, "\(resumed.stderr)")
    #expect(resumed.tableRows.count >= 10)
    #expect(try server.requests().count > before)
  }

  @Test func anotherServerOnTheCommandLineIsRefusedAndAsksNothing() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = folder.appendingPathComponent("movies.sqlite3").path
    let saved = try await JellyfinTestServer(limit: 12)
    let named = try await JellyfinTestServer(limit: 12)
    defer {
      saved.stop()
      named.stop()
    }
    let token = ["JELLYFIN_TOKEN": JellyfinTestServer.apiKey]
    try await leaveAPrompt(
      ["--source", "jellyfin", "--api", saved.baseURL.absoluteString, "--jellyfin-user", "alice"],
      token, database: database)
    let savedBefore = try saved.requests().count

    let run = try await MoviesRun.run(
      [
        "--resume", "--source", "jellyfin", "--api", named.baseURL.absoluteString,
        "--jellyfin-user", "alice", "-c", "more",
      ],
      environment: token.merging(["MOVIES_DB": database]) { $1 })
    #expect(run.status == 2)
    #expect(
      run.stderr.contains("--resume reopens the session saved on jellyfin at"), "\(run.stderr)")
    #expect(try saved.requests().count == savedBefore)
    #expect(try named.requests().isEmpty)
  }
}
