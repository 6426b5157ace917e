import Foundation
import TestSupport
import Testing

/// The built binary in script mode against the local Hoppin server: what it prints and which
/// pages it asks for.
@Suite(.timeLimit(.minutes(1))) struct PagingTests {
  @Test func firstPageThenMoreShowsTwentyRowsInTheServersOrder() async throws {
    let server = try await HoppinTestServer(limit: 25)
    defer { server.stop() }

    let run = try await MoviesRun.run(["--api", server.apiURL.absoluteString], input: "more\n")

    #expect(run.status == 0)
    // Page 3 may have been prefetched before the program ended.
    let pages = try server.pageRequests()
    #expect(Array(pages.prefix(2)) == [1, 2])
    #expect(pages.dropFirst(2).allSatisfy { $0 == 3 } && pages.count <= 3)
    let pageQueries = try server.requests().map(\.query)
    for query in pageQueries {
      #expect(query["version"] == "1")
      #expect(query["count"] == "10")
      #expect(query["genreId"] == "")
      #expect(query["order"] == "releasedateasc")
    }
    let expected = try await server.titles(page: 1) + server.titles(page: 2)
    let rows = run.tableRows
    #expect(rows.map(\.number) == Array(1...20))
    for (row, title) in zip(rows, expected) {
      #expect(row.text.hasPrefix(title), "row \(row.number) should show \(title)")
    }
    // A script's status lines count, without the prompt's hints.
    #expect(run.stdout.contains("Showing 10 of 25\n"))
    #expect(run.stdout.contains("Showing 20 of 25\n"))
  }

  @Test func noRequestPastTheLastPage() async throws {
    let server = try await HoppinTestServer(limit: 25)
    defer { server.stop() }

    let run = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString], input: "more\nmore\nmore\nmore\nhelp\n")

    #expect(run.status == 0)
    #expect(try server.pageRequests() == [1, 2, 3])
    #expect(run.tableRows.map(\.number) == Array(1...25))
    #expect(run.stdout.contains("All 25 movies loaded."))
    #expect(run.stdout.contains("already loaded"))
    let help = try #require(run.stdout.components(separatedBy: "already loaded").last)
    #expect(!help.contains("more "), "help must not offer more once all is loaded")
    #expect(help.contains("show N"))
  }

  @Test func anExactMultipleOfThePageSizeStopsAtTotalCount() async throws {
    let server = try await HoppinTestServer(limit: 20)
    defer { server.stop() }

    let run = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString], input: "more\nmore\n")

    #expect(run.status == 0)
    #expect(try server.pageRequests() == [1, 2])
    #expect(run.stdout.contains("All 20 movies loaded."))
  }

  @Test func aOneMoviePageSentAsABareObjectIsShown() async throws {
    let server = try await HoppinTestServer(limit: 21)
    defer { server.stop() }

    let run = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString], input: "more\nmore\n")

    #expect(run.status == 0)
    let last = try #require(run.tableRows.last)
    #expect(last.number == 21)
    let expected = try #require(await server.titles(page: 3).first)
    #expect(last.text.hasPrefix(expected))
    #expect(run.stdout.contains("All 21 movies loaded."))
  }

  @Test func genreOrderAndCountReachTheServer() async throws {
    let server = try await HoppinTestServer()
    defer { server.stop() }

    let run = try await MoviesRun.run(
      [
        "--api", server.apiURL.absoluteString, "--genre", "1", "--order", "ratingdesc", "--count",
        "5",
      ])

    #expect(run.status == 0)
    // The first request for movies: `--genre` is checked against /hoppin/genres before it.
    let request = try #require(server.requests().first { $0.path == "/hoppin/movies" })
    #expect(request.query["genreId"] == "1")
    #expect(request.query["order"] == "ratingdesc")
    #expect(request.query["count"] == "5")
    let expected = try await server.titles(
      page: 1, count: 5, extraQuery: "&genreId=1&order=ratingdesc")
    #expect(run.tableRows.map(\.number) == Array(1...5))
    for (row, title) in zip(run.tableRows, expected) {
      #expect(row.text.hasPrefix(title))
    }
  }

  @Test func aJSONBodyLabelledTextHTMLIsAccepted() async throws {
    let server = try await HoppinTestServer(
      limit: 12, extraArguments: ["--content-type", "text/html"])
    defer { server.stop() }

    let run = try await MoviesRun.run(["--api", server.apiURL.absoluteString], input: "more\n")

    #expect(run.status == 0)
    #expect(run.tableRows.map(\.number) == Array(1...12))
  }

  @Test func aServerThatIsDownGivesOneClearErrorAndExitStatusOne() async throws {
    let server = try await HoppinTestServer(limit: 5)
    let api = server.apiURL.absoluteString
    server.stop()

    let run = try await MoviesRun.run(["--api", api], input: "more\nshow 1\n")

    #expect(run.status == 1)
    #expect(run.tableRows.isEmpty)
    let errors = run.stderr.split(separator: "\n")
    #expect(errors.count == 3)
    #expect(errors.first?.contains("Could not load page 1") == true)
    #expect(errors.first?.contains("refused") == true)
  }
}
