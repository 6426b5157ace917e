import Foundation
import TestSupport
import Testing

/// The release binary against the local TMDb: pages of any `--count` over TMDb's fixed 20,
/// the 500-page cap, the rate limit, orders and genres, checked in the server's request log.
@Suite(.timeLimit(.minutes(3))) struct TMDbBrowsingTests {
  private func run(
    _ server: TMDbTestServer, _ arguments: [String], input: String = "",
    extra: [String: String] = [:]
  ) async throws -> MoviesRun {
    let cache = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: cache) }
    return try await MoviesRun.run(
      server.arguments(arguments), input: input,
      environment: server.environment(cache: cache, adding: extra), timeout: .seconds(120))
  }

  @Test func countTenShowsHalfAPageAndTheNextHalfAsksForNothing() async throws {
    let server = try await TMDbTestServer(limit: 100)
    let run = try await run(server, ["--count", "10", "--no-prefetch"], input: "more\n")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try server.pages() == [1])
    let titles = try await server.results().compactMap { $0["title"] as? String }
    #expect(run.tableRows.map(\.number) == Array(1...20))
    for (row, title) in zip(run.tableRows, titles) {
      #expect(row.text.hasPrefix(String(title.prefix(20))), "row \(row.number): \(title)")
    }
    // A script's status lines only count, without what to type next.
    #expect(run.stdout.contains("Showing 10 of 100\n"))
    #expect(run.stdout.contains("Showing 20 of 100\n"))
    // TMDb's default order, with adult films left out.
    let query = try #require(try server.requests(to: "/3/discover/movie").first?.query)
    #expect(query["sort_by"] == "popularity.desc")
    #expect(query["include_adult"] == "false")
  }

  @Test func countFiftyJoinsThreePagesAndEachIsAskedForOnce() async throws {
    let server = try await TMDbTestServer(limit: 300)
    let run = try await run(server, ["--count", "50"], input: "more\nmore\n")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.tableRows.map(\.number) == Array(1...150))
    let pages = try server.pages()
    #expect(Set(pages).count == pages.count, "a TMDb page was asked for twice: \(pages)")
    #expect(Array(pages.sorted().prefix(8)) == Array(1...8))
    // A script reads fast, so up to four browser pages (rows 151 to 350) are fetched ahead.
    #expect(!pages.contains(where: { $0 > 18 }), "prefetch went past four pages ahead: \(pages)")
  }

  @Test func theListEndsAtPage500AndSaysHowToNarrowIt() async throws {
    // 12,000 films: more than TMDb's 10,000 rows of one list.
    let server = try await TMDbTestServer(limit: 2_000, extraArguments: ["--repeat", "6"])
    let run = try await run(server, ["--count", "1000"], input: "more 12\nmore\n")
    #expect(run.status == 0, "\(run.stderr)")
    let pages = try server.pages()
    #expect(pages.max() == 500)
    #expect(Set(pages) == Set(1...500))
    #expect(pages.count == 500, "pages asked for twice")
    #expect(run.tableRows.last?.number == 10_000)
    #expect(run.stderr.contains("This is as far as TMDb goes"))
    #expect(run.stderr.contains("and this one has 12,000"))
    #expect(run.stderr.contains("'genre NAME'"))
    #expect(run.stdout.contains("already loaded"))
    #expect(try server.busiestSecond() <= 40)
    #expect(try server.requests().allSatisfy { $0.status == 200 })
  }

  @Test func a429WaitsForRetryAfterAndTheListGoesOn() async throws {
    let server = try await TMDbTestServer(
      limit: 200, extraArguments: ["--rate-limit", "3", "--retry-after", "1"])
    let clock = ContinuousClock()
    let start = clock.now
    let run = try await run(server, ["--count", "20", "--no-prefetch"], input: "more 4\n")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.tableRows.map(\.number) == Array(1...100))
    let refused = try server.requests().filter { $0.status == 429 }
    #expect(!refused.isEmpty, "the test's limit was never reached")
    #expect(start.duration(to: clock.now) >= .seconds(1))
  }

  @Test func ordersMapToTMDbsAndOthersAreRefusedWithTheOnesItHas() async throws {
    let server = try await TMDbTestServer(limit: 300)
    let run = try await run(
      server, ["--no-prefetch"], input: "order ratingasc\norder rating\norder newest\norder title\n"
    )
    #expect(run.status == 1)
    #expect(
      run.stderr.contains(
        "This source cannot sort by ratingasc; it sorts by popular, newest, oldest, rating, title.")
    )
    let sorts = try server.requests(to: "/3/discover/movie").map { $0.query["sort_by"] ?? "" }
    #expect(
      sorts == [
        "popularity.desc", "vote_average.desc", "primary_release_date.desc", "title.asc",
      ])
    let rating = try server.requests(to: "/3/discover/movie")[1].query
    #expect(rating["vote_count.gte"] == "200")
    let refused = try await MoviesRun.run(
      server.arguments(["--order", "ratingasc"]),
      environment: ["TMDB_API_KEY": TMDbTestServer.apiKey])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("--order: This source cannot sort by ratingasc"))
  }

  @Test func genreByNameLanguageAndRegionGoToTMDb() async throws {
    let server = try await TMDbTestServer(limit: 300)
    let run = try await run(
      server, ["--no-prefetch", "--language", "fr-FR", "--region", "fr"],
      input: "genre comedy\ngenres\n")
    #expect(run.status == 0, "\(run.stderr)")
    let discover = try server.requests(to: "/3/discover/movie")
    #expect(discover.map { $0.query["with_genres"] } == [nil, "35"])
    #expect(discover.allSatisfy { $0.query["language"] == "fr-FR" && $0.query["region"] == "FR" })
    #expect(try server.requests(to: "/3/genre/movie/list").count == 1)
    #expect(run.stdout.contains("Science Fiction"))
    #expect(run.tableRows.contains { $0.text.contains("Comedy") })
  }

  @Test func theLocaleGivesTheLanguageAndRegion() async throws {
    let server = try await TMDbTestServer(limit: 50)
    let run = try await run(server, ["--no-prefetch"], extra: ["LC_ALL": "de_DE.UTF-8"])
    #expect(run.status == 0, "\(run.stderr)")
    let query = try #require(try server.requests(to: "/3/discover/movie").first?.query)
    #expect(query["language"] == "de-DE")
    #expect(query["region"] == "DE")
  }
}
