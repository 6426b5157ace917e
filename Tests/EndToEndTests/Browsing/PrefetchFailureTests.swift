import Foundation
import TestSupport
import Testing

/// A prefetch that fails while `more` waits for it is reported as it is, not retried from
/// scratch behind the user's back, which doubled the wait and the requests.
@Suite(.timeLimit(.minutes(5))) struct PrefetchFailureTests {
  @Test func aFailureMoreWaitedForIsReportedOnceWithItsAttempts() async throws {
    let titles = try await FaultChecks.expectedTitles(limit: 25)
    let server = try await HoppinTestServer(
      limit: 25,
      extraArguments: ["--fault", "status", "--fault-page", "2", "--fault-times", "3"])
    defer { server.stop() }

    // The first page loads at start and starts the prefetch of page 2, which `more` waits for.
    let run = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString], input: "more\nmore\n")

    #expect(run.status == 1)
    #expect(
      run.stderr.hasPrefix(
        "error: Could not load page 2: the server answered HTTP 503 (\"injected fault\"), "
          + "after 3 attempts."),
      "\(run.stderr)")
    #expect(
      try server.pageRequests().prefix(5) == [1, 2, 2, 2, 2], "3 failed, then 1 for the second more"
    )
    FaultChecks.expectCompleteList(run, titles: Array(titles.prefix(20)))
  }
}

/// Rows deleted at the top of the server's list between pages move later rows onto pages
/// already loaded; the shrinking count says so, and how to reload.
@Suite(.timeLimit(.minutes(5))) struct ShrinkingTotalTests {
  @Test func aShrinkingTotalWarnsThatRowsMayHaveBeenSkipped() async throws {
    let server = try await HoppinTestServer(limit: 25, extraArguments: ["--fault", "total-shrink"])
    defer { server.stop() }

    let run = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString, "--order", "releasedateasc"], input: "more\nmore\n")

    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr
        == "warning: The server now counts 22 movies instead of 25: rows were removed from its "
        + "list, so some rows may have been skipped; type 'order releasedateasc' to load the "
        + "list again from the start.\n")
    #expect(run.tableRows.map(\.number) == Array(1...22))
  }
}
