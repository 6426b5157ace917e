import Foundation
import TestSupport
import Testing

/// Next-page prefetch, seen from the server's request log.
@Suite(.timeLimit(.minutes(1))) struct PrefetchTests {
  @Test func moreIsServedFromThePrefetchAndNothingIsAskedTwiceOrPastTheEnd() async throws {
    let server = try await HoppinTestServer(limit: 25)
    defer { server.stop() }
    let session = try MoviesSession(["--api", server.apiURL.absoluteString])

    try await session.waitForOutput(containing: "Showing 10 of 25")
    #expect(try await eventually { try server.pageRequests() == [1, 2] })
    session.send("more")
    try await session.waitForOutput(containing: "Showing 20 of 25")
    #expect(try await eventually { try server.pageRequests() == [1, 2, 3] })
    session.send("more")
    try await session.waitForOutput(containing: "All 25 movies loaded.")
    session.send("more")
    session.send("list")
    let run = try await session.finish()

    #expect(run.status == 0)
    #expect(try server.pageRequests() == [1, 2, 3])
    #expect(try server.posterRequests().isEmpty, "thumbnails are never prefetched")
    let expected =
      try await server.titles(page: 1) + server.titles(page: 2) + server.titles(page: 3)
    let firstPass = Array(run.tableRows.prefix(25))
    #expect(firstPass.map(\.number) == Array(1...25))
    for (row, title) in zip(firstPass, expected) {
      #expect(row.text.hasPrefix(title))
    }
  }
}

/// A prefetch that has just met a fault is reported by `more`, once; the next `more` asks for
/// the page again and shows it.
@Suite(.timeLimit(.minutes(1))) struct PrefetchFaultTests {
  @Test func aFailedPrefetchIsReportedOnceThenAskedForAgain() async throws {
    let server = try await HoppinTestServer(
      limit: 25,
      extraArguments: [
        "--fault", "status", "--fault-status", "503", "--fault-page", "2", "--fault-times", "1",
      ])
    defer { server.stop() }
    // The first more comes as soon as page 1 is shown: the prefetch of page 2 is still on its
    // way or has just failed; either way the failure is recent.
    let run = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString, "--retries", "0"], input: "more\nmore\nmore\n")

    #expect(run.status == 1, "the first more failed")
    #expect(
      run.stderr
        == "error: Could not load page 2: the server answered HTTP 503 (\"injected fault\"). "
        + "Type 'more' to try the same page again.\n")
    #expect(try server.pageRequests() == [1, 2, 2, 3])
    let expected =
      try await server.titles(page: 1) + server.titles(page: 2) + server.titles(page: 3)
    #expect(run.tableRows.map(\.number) == Array(1...25))
    for (row, title) in zip(run.tableRows, expected) {
      #expect(row.text.hasPrefix(title))
    }
  }
}

/// A new query while a prefetch of the old one is still on its way.
@Suite(.timeLimit(.minutes(1))) struct PrefetchQueryChangeTests {
  @Test func aGenreChangeWhileAPrefetchHangsLoadsTheNewListInFull() async throws {
    let server = try await HoppinTestServer(
      extraArguments: ["--fault", "hang", "--fault-page", "2", "--fault-times", "1"])
    defer { server.stop() }
    let session = try MoviesSession(["--api", server.apiURL.absoluteString, "--timeout", "60"])

    try await session.waitForOutput(containing: "Showing 10 of")
    // Page 2 of every genre is being fetched ahead, and the server will never answer it.
    #expect(try await eventually { try server.pageRequests() == [1, 2] })
    session.send("genre 4")
    session.send("more")
    let run = try await session.finish()

    #expect(run.status == 0, "\(run.stderr)")
    let drama =
      try await server.titles(page: 1, extraQuery: "&genreId=4")
      + server.titles(page: 2, extraQuery: "&genreId=4")
    let rows = run.tableRows.dropFirst(10)
    #expect(rows.map(\.number) == Array(1...20))
    for (row, title) in zip(rows, drama) {
      #expect(row.text.hasPrefix(title), "row \(row.number) is from the new query")
    }
    let old = try server.requests().filter {
      $0.path == "/hoppin/movies" && $0.query["genreId"] == ""
    }
    #expect(old.count == 2, "nothing more was asked of the old query")
  }
}
