import Foundation
import TestSupport
import Testing

/// An error answer that explains itself is quoted, and `--api` is advised only while no page
/// has come from the address.
@Suite(.timeLimit(.minutes(1))) struct ServerReasonTests {
  @Test func aRefusalAfterPagesQuotesTheServerAndLeavesAPIAlone() async throws {
    let server = try await HoppinTestServer(
      limit: 40,
      extraArguments: [
        "--fault", "status", "--fault-status", "400", "--fault-page", "2", "--fault-times", "1",
      ])
    defer { server.stop() }
    let run = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString, "--no-prefetch", "--no-config", "-c", "more"])
    #expect(run.status == 1)
    #expect(
      run.stderr.contains(
        "Could not load page 2: the server answered HTTP 400 (\"injected fault\")."),
      "\(run.stderr)")
    #expect(!run.stderr.contains("--api"), "page 1 came from this address: \(run.stderr)")
  }
}
