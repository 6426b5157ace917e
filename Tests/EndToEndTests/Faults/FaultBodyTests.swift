import Foundation
import TestSupport
import Testing

/// Page bodies that lie: not JSON, wrongly typed, truncated, absurdly deep, rows repeated
/// across pages, a count that changes. Each gives a clear error or note, and the list stays
/// complete, in order and without duplicates.
// These tests are about what one load does under a fault; --no-prefetch keeps a
// background fetch from meeting the fault first (PrefetchTests covers that case).
@Suite(.timeLimit(.minutes(1))) struct FaultBodyTests {
  @Test(arguments: [
    ("html", "the answer is not JSON"),
    ("truncated", "the answer is not JSON"),
    ("wrong-types", "does not hold a movie list"),
    ("deep", "Could not read page 2"),
  ])
  func aBodyThatIsNotAPageNamesThePageAndChangesNothing(kind: String, message: String)
    async throws
  {
    let server = try await HoppinTestServer(
      limit: 25, extraArguments: ["--fault", kind, "--fault-page", "2", "--fault-times", "1"])
    defer { server.stop() }

    let run = try await MoviesRun.run(
      ["--no-prefetch", "--api", server.apiURL.absoluteString], input: "more\nlist\nmore\nmore\n")

    #expect(run.status == 1)
    #expect(try server.pageRequests() == [1, 2, 2, 3], "not retried; the same page next time")
    let errors = FaultChecks.errors(run)
    #expect(errors.count == 1)
    #expect(errors.first?.contains("Could not read page 2") == true)
    #expect(errors.first?.contains(message) == true, "\(errors)")
    // `list` after the failure shows the first page, unchanged.
    let listed = run.stdout.components(separatedBy: "Showing 10 of 25").count - 1
    #expect(listed == 2, "the first page and the list after the failure both show 10 of 25")
    var rows = run.tableRows
    rows.removeSubrange(10..<20)  // the `list` output repeats rows 1 to 10
    let titles = try await FaultChecks.expectedTitles(limit: 25)
    #expect(rows.map(\.number) == Array(1...25))
    for (row, title) in zip(rows, titles) { #expect(row.text.hasPrefix(title)) }
    FaultChecks.expectNoRawControlBytes(run)
  }

  @Test func rowsRepeatedAcrossPagesAreShownOnceWithANote() async throws {
    let server = try await HoppinTestServer(limit: 25, extraArguments: ["--fault", "shift"])
    defer { server.stop() }

    let run = try await MoviesRun.run(
      ["--no-prefetch", "--api", server.apiURL.absoluteString], input: "more\nmore\nmore\n")

    #expect(run.status == 0, "\(run.stderr)")
    #expect(try server.pageRequests() == [1, 2, 3])
    let warnings = run.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("Dropped 3 rows already in the list") == true)
    FaultChecks.expectCompleteList(run, titles: try await FaultChecks.expectedTitles(limit: 25))
    #expect(run.stdout.contains("All 25 movies loaded."))
  }

  @Test func repeatedRowsDoNotEndTheListEarly() async throws {
    // 20 movies: page 2 repeats rows 8-10, so after two pages 17 of 20 are in, not 20.
    let server = try await HoppinTestServer(limit: 20, extraArguments: ["--fault", "shift"])
    defer { server.stop() }

    let run = try await MoviesRun.run(
      ["--no-prefetch", "--api", server.apiURL.absoluteString], input: "more\nmore\nmore\n")

    #expect(run.status == 0, "\(run.stderr)")
    #expect(try server.pageRequests() == [1, 2, 3])
    FaultChecks.expectCompleteList(run, titles: try await FaultChecks.expectedTitles(limit: 20))
    #expect(run.stdout.contains("All 20 movies loaded."))
  }

  @Test func aChangedTotalCountIsAdoptedAndSaid() async throws {
    let server = try await HoppinTestServer(limit: 25, extraArguments: ["--fault", "total-change"])
    defer { server.stop() }

    let run = try await MoviesRun.run(
      ["--no-prefetch", "--api", server.apiURL.absoluteString], input: "more\nmore\n")

    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("Showing 10 of 25"))
    #expect(run.stdout.contains("Showing 20 of 30"))
    #expect(run.stderr.contains("warning: The server now counts 30 movies instead of 25"))
    FaultChecks.expectCompleteList(run, titles: try await FaultChecks.expectedTitles(limit: 25))
  }
}
