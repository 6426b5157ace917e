import Foundation
import TestSupport
import Testing

/// A page that cannot be parsed does not block the rest of the list: the error offers
/// `skip`, which moves past it with its rows counted as missing.
@Suite(.timeLimit(.minutes(5))) struct UnreadablePageTests {
  @Test func skipMovesPastAPageThatCannotBeRead() async throws {
    let titles = try await FaultChecks.expectedTitles(limit: 25)
    let server = try await HoppinTestServer(
      limit: 25, extraArguments: ["--fault", "truncated", "--fault-page", "2"])
    defer { server.stop() }

    let run = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString], input: "skip\nmore\nmore\nskip\nmore\nmore\n")

    #expect(run.status == 1, "the failed more and the first skip fail")
    let errors = run.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }
    #expect(
      errors.first
        == "error: There is no page to skip: 'skip' moves past a page that could not be read.")
    #expect(errors.count == 3, "skip, then page 2 twice: \(errors)")
    #expect(errors.last?.contains("Could not read page 2") == true)
    #expect(errors.last?.contains("'skip' to move past") == true)
    #expect(run.stderr.contains("warning: Skipped page 2; its rows are missing from the list."))
    let rows = run.tableRows
    #expect(rows.map(\.number) == Array(1...15))
    for (row, title) in zip(rows, titles.prefix(10) + titles.suffix(5)) {
      #expect(row.text.hasPrefix(title), "row \(row.number): \(row.text)")
    }
    #expect(run.stdout.contains("All 15 movies are already loaded"))
    #expect(try server.pageRequests().contains(3))
  }

  /// After `order` whose first page cannot be read, `skip` switches to the new order without
  /// that page.
  @Test func skipAfterAFailedOrderSwitchesWithoutItsFirstPage() async throws {
    let server = try await HoppinTestServer(
      limit: 25, extraArguments: ["--fault", "truncated", "--fault-page", "1"])
    defer { server.stop() }

    let run = try await MoviesRun.run(
      [
        "--api", server.apiURL.absoluteString, "--json", "-c", "order ratingdesc", "-c", "skip",
        "-c", "more",
      ])

    let objects = try run.stdout.split(separator: "\n").map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    try #require(objects.count == 4, "\(run.stdout)")
    #expect(objects[1]?["ok"] as? Bool == false)
    #expect(
      ((objects[1]?["error"] as? [String: Any])?["message"] as? String)?.contains("'skip'") == true)
    #expect(objects[2]?["ok"] as? Bool == true)
    #expect((objects[2]?["query"] as? [String: Any])?["order"] as? String == "ratingdesc")
    let rows = objects[3]?["rows"] as? [[String: Any]] ?? []
    #expect(rows.map { $0["row"] as? Int } == Array(1...10))
    let expected = try await server.titles(page: 2, extraQuery: "&order=ratingdesc")
    #expect(rows.map { $0["title"] as? String } == expected)
  }

  @Test func jsonSaysWhatSkipDid() async throws {
    let server = try await HoppinTestServer(
      limit: 25, extraArguments: ["--fault", "truncated", "--fault-page", "1"])
    defer { server.stop() }

    let run = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString, "--json", "-c", "skip"])

    let last = try #require(run.stdout.split(separator: "\n").last)
    let object = try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]
    #expect(object?["command"] as? String == "skip")
    #expect(object?["ok"] as? Bool == true)
    #expect(
      object?["warnings"] as? [String] == ["Skipped page 1; its rows are missing from the list."])
    #expect(object?["loaded"] as? Int == 0)
  }
}

/// A page holding a number no `Double` holds (`1e400`) is valid JSON: it loads, with the
/// number missing and one warning, instead of being called "not JSON".
@Suite(.timeLimit(.minutes(2))) struct HugeNumberPageTests {
  @Test func aPageWithANumberTooLargeLoadsWithAWarning() async throws {
    let titles = try await FaultChecks.expectedTitles(limit: 10)
    let server = try await HoppinTestServer(
      limit: 25, extraArguments: ["--fault", "huge-number", "--fault-page", "1"])
    defer { server.stop() }

    let run = try await MoviesRun.run(["--api", server.apiURL.absoluteString, "-c", "list"])

    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.tableRows.map(\.number) == Array(1...10))
    #expect(run.tableRows.first?.text.hasPrefix(titles[0]) == true, "\(run.stdout)")
    #expect(
      run.stderr.contains(
        "warning: Page 1 holds numbers too large to read (1e400): they were read as missing."),
      "\(run.stderr)")
    #expect(!run.stderr.contains("not JSON"))
  }
}

/// A page of a million tiny rows would take gigabytes to parse; it is refused first.
@Suite(.timeLimit(.minutes(5))) struct OversizedPageTests {
  @Test func aPageOfAMillionRowsIsRefusedBeforeParsing() async throws {
    let server = try await HoppinTestServer(limit: 25, extraArguments: ["--fault", "many-rows"])
    defer { server.stop() }

    let run = try await MoviesRun.run(["--api", server.apiURL.absoluteString, "-c", "list"])

    #expect(run.status == 1)
    #expect(
      run.stderr.hasPrefix(
        "error: Could not read page 1: the answer holds more than 500,000 values or 50,000 objects, far more than any page, so it was not parsed. Type 'skip'"
      ), "\(run.stderr)")
    #expect(run.tableRows.isEmpty)
  }
}
