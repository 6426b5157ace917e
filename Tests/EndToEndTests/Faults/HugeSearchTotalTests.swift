import Foundation
import TestSupport
import Testing

/// A search that claims 100,001 pages of results (and past its real end sends its first page
/// again): `find` stops after three pages that add nothing, with one error and the matches
/// it had, and `more` after it asks nothing the server could not have.
@Suite(.timeLimit(.minutes(3))) struct HugeSearchTotalTests {
  /// 100,001 pages of Jellyfin's 200 rows.
  static let claimed = 100_001 * 200

  @Test func aSearchClaiming100001PagesStopsWithNothingLost() async throws {
    let server = try await JellyfinTestServer(
      limit: 300, extraArguments: ["--lying-total", String(Self.claimed)])
    let run = try await MoviesRun.run(
      [
        "--source", "jellyfin", "--api", server.baseURL.absoluteString, "--jellyfin-user",
        "alice", "--no-prefetch", "--count", "10", "-c", "find e", "-c", "show f1",
      ], environment: ["JELLYFIN_TOKEN": JellyfinTestServer.apiKey], timeout: .seconds(120))
    #expect(!run.stderr.contains("Fatal error"), "\(run.stderr)")
    let errors = run.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }
    #expect(errors.count == 1, "\(run.stderr)")
    #expect(run.stderr.contains("pages in a row with no movie that was not listed already"))
    #expect(run.stdout.contains("f1 "), "the matches found are kept: \(run.stdout.prefix(400))")
    let searches = try server.itemRequests().filter { $0.query["SearchTerm"] != nil }
    #expect(searches.count <= 2 + 3 + 2, "\(searches.count) requests, not 100,001")
  }
}
