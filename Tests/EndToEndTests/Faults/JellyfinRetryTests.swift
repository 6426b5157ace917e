import Foundation
import TestSupport
import Testing

/// A Jellyfin that answers 503 for a moment (restarting behind a proxy) is tried again, as
/// the other sources are, with the header on every attempt; `--retries 0` gives up at once.
@Suite(.timeLimit(.minutes(2))) struct JellyfinRetryTests {
  private func run(_ server: JellyfinTestServer, retries: Int) async throws -> MoviesRun {
    try await MoviesRun.run(
      [
        "--source", "jellyfin", "--api", server.baseURL.absoluteString, "--jellyfin-user", "alice",
        "--no-prefetch", "--retries", String(retries), "-c", "list",
      ],
      environment: ["JELLYFIN_TOKEN": JellyfinTestServer.apiKey])
  }

  @Test func aServerUnavailableForTwoRequestsIsTriedAgain() async throws {
    let server = try await JellyfinTestServer(limit: 25, extraArguments: ["--unavailable", "2"])
    let run = try await run(server, retries: 2)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.tableRows.map(\.number) == Array(1...10))
    let pages = try server.requests().filter { $0.path == "/Items" }
    #expect(pages.map(\.status) == [503, 503, 200])
    #expect(pages.allSatisfy { $0.token == "api-key" }, "the header on every attempt")
  }

  @Test func withoutRetriesTheFirst503IsTheAnswer() async throws {
    let server = try await JellyfinTestServer(limit: 25, extraArguments: ["--unavailable", "1"])
    let run = try await run(server, retries: 0)
    #expect(run.status == 1)
    #expect(run.stderr.contains("HTTP 503"), "\(run.stderr)")
    #expect(try server.requests().filter { $0.path == "/Items" }.count == 1)
  }
}
