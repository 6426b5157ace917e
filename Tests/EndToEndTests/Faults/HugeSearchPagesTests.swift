import Foundation
import TestSupport
import Testing

/// A search that claims 100,001 pages (and past its real end sends its first page again), on
/// TMDb and on Plex, as HugeSearchTotalTests does on Jellyfin: `find` ends with one error
/// and the matches it had, asks a handful of pages, not 100,001, and the list is kept.
@Suite(.timeLimit(.minutes(3))) struct HugeSearchPagesTests {
  static let pages = 100_001

  /// One error, no crash, the matches kept, and the list as it was.
  private func expectBounded(_ run: MoviesRun) {
    #expect(!run.stderr.contains("Fatal error"), "\(run.stderr)")
    let errors = run.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }
    #expect(errors.count <= 1, "\(run.stderr)")
    #expect(run.stdout.contains("f1 "), "the matches found are kept: \(run.stdout.prefix(400))")
    #expect(run.stdout.contains("\n10 "), "the list is kept: \(run.stdout.suffix(800))")
  }

  @Test func aTMDbSearchClaiming100001Pages() async throws {
    let server = try await TMDbTestServer(
      limit: 40, extraArguments: ["--claimed-pages", String(Self.pages)])
    let cache = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: cache) }
    let run = try await MoviesRun.run(
      server.arguments([
        "--no-prefetch", "--count", "10", "-c", "find e", "-c", "show f1",
        "-c", "list",
      ]),
      environment: server.environment(cache: cache), timeout: .seconds(120))
    expectBounded(run)
    let searches = try server.requests(to: "/3/search/movie")
    #expect(searches.count <= 2 + 3 + 2, "\(searches.count) requests, not 100,001")
  }

  @Test func aPlexSearchClaiming100001Pages() async throws {
    let server = try await PlexTestServer(
      limit: 300, extraArguments: ["--claimed-total", String(Self.pages * 200)])
    let run = try await MoviesRun.run(
      server.arguments([
        "--no-prefetch", "--count", "10", "-c", "find e", "-c", "show f1",
        "-c", "list",
      ]),
      environment: PlexTestServer.environment, timeout: .seconds(120))
    expectBounded(run)
    let searches = try server.requests().filter { $0.query["title"] != nil }
    #expect(searches.count <= 2 + 3 + 2, "\(searches.count) requests, not 100,001")
  }
}
