import Foundation
import TestSupport
import Testing

/// `find` through TMDb's search, `show` with details and providers fetched once, posters
/// loaded only when asked, and TMDb's error messages, against the local TMDb.
@Suite(.timeLimit(.minutes(2))) struct TMDbDetailsTests {
  private func run(
    _ server: TMDbTestServer, _ arguments: [String], input: String, cache: URL? = nil
  ) async throws -> MoviesRun {
    let folder = try cache ?? TestPaths.makeTemporaryFolder()
    defer { if cache == nil { try? FileManager.default.removeItem(at: folder) } }
    return try await MoviesRun.run(
      server.arguments(arguments + ["--download-dir", folder.appendingPathComponent("t").path]),
      input: input, environment: server.environment(cache: folder))
  }

  @Test func findAsksTMDbsSearchOnePagePerTwentyMatches() async throws {
    let server = try await TMDbTestServer()
    let run = try await run(server, ["--no-prefetch"], input: "find godfather\nshow f1\n")
    #expect(run.status == 0, "\(run.stderr)")
    let expected = try await server.results("search/movie", query: "query=godfather")
    let searches = try server.requests(to: "/3/search/movie")
    #expect(searches.map { $0.query["query"] } == ["godfather", "godfather"])  // ours, the oracle's
    #expect(try server.pages() == [1], "find scanned the list")
    let titles = expected.compactMap { $0["title"] as? String }
    #expect(titles.contains("Godfather, The"))
    #expect(run.stdout.contains("\(titles.count) matches"))
    for title in titles { #expect(run.stdout.contains(String(title.prefix(30)))) }
    #expect(run.stdout.contains("f1  \(titles[0])"))
  }

  /// TMDb's search results are numbered f1, f2, … apart from the list: the search does not
  /// move where `more` goes, and `show fN`, `thumb all` and Tab act on the matches.
  @Test func findLeavesTheListAndNumbersItsMatchesApart() async throws {
    let server = try await TMDbTestServer()
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try await run(
      server, ["--no-prefetch"],
      input: "find godfather\nshow f2\nthumb all\nmore\nmore\nshow f99\n",
      cache: folder)
    let expected = try await server.results("search/movie", query: "query=godfather")
    let titles = expected.compactMap { $0["title"] as? String }
    try #require(titles.count >= 2)
    let (pages, requests) = (try server.pages(), try server.requests().map(\.path))
    // TMDb's page 1 holds rows 1 to 20 of `--count 10`: the second `more` asks for page 2.
    #expect(pages == [1, 2], "more went on with the list: \(requests)")
    #expect(run.stdout.contains("Showing 30 of 10,000"), "\(run.stdout)")
    #expect(run.stdout.contains("f2  \(titles[1])"), "show f2 shows the second match")
    let saved = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("t").path)
    #expect(run.stdout.contains("of \(titles.count) thumbnails"), "thumb all took the matches")
    #expect(!saved.isEmpty && saved.allSatisfy { $0.hasPrefix("f") }, "\(saved)")
    #expect(
      run.stderr.contains("There is no match f99; 'find' numbered f1 to f\(titles.count)."))
    #expect(run.status == 1)
  }

  @Test func anExactYearGoesToTheServerAndOtherFiltersToTheRows() async throws {
    let server = try await TMDbTestServer()
    let run = try await run(server, ["--no-prefetch"], input: "find the year:1999 rating:>8\n")
    #expect(run.status == 0, "\(run.stderr)")
    let search = try #require(try server.requests(to: "/3/search/movie").first?.query)
    #expect(search["primary_release_year"] == "1999")
    #expect(search["query"] == "the")
    let matches = run.stdout.split(separator: "\n").filter { $0.trimmingPrefix(" ").first == "f" }
    let ratings = matches.compactMap { row in
      row.split(separator: " ").compactMap { Double($0) }.last
    }
    #expect(!ratings.isEmpty)
    #expect(ratings.allSatisfy { $0 > 8 }, "\(ratings)")
    // Each result page once, none left out; after the first, a few are asked at once, so
    // they may arrive in any order.
    let pages = try server.pages(of: "/3/search/movie")
    #expect(pages.sorted() == Array(1...pages.count), "\(pages)")
  }

  @Test func showFetchesDetailsAndProvidersInOneRequestOncePerFilm() async throws {
    let server = try await TMDbTestServer(limit: 60)
    let run = try await run(server, ["--no-prefetch"], input: "show 1\nshow 1\nshow 2\n")
    #expect(run.status == 0, "\(run.stderr)")
    let first = try #require(try await server.results().first)
    let id = try #require(first["id"] as? Int)
    let details = try server.requests(to: "/3/movie/\(id)")
    #expect(details.count == 1)
    #expect(details.first?.query["append_to_response"] == "credits,videos,watch/providers")
    #expect(try server.requests(to: "/3/movie/\(id)/watch/providers").isEmpty, "appended")
    #expect(run.stdout.contains("Running time"))
    #expect(run.stdout.contains("IMDb ID         tt"))
    // TMDb's own keys are not shown raw (issue 42): "Released" says what the date says.
    #expect(!run.stdout.contains("status ") && !run.stdout.contains("popularity"))
    #expect(run.stdout.contains("data by JustWatch"))
    #expect(run.stdout.contains("Link            https://www.themoviedb.org/movie/\(id)"))
  }

  @Test func postersLoadOnlyWhenAskedAtThePreviewsSize() async throws {
    let server = try await TMDbTestServer(limit: 60)
    let cache = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: cache) }
    let results = try await server.results()
    let withPoster = try #require(results.firstIndex { $0["poster_path"] is String }) + 1
    let without = try #require(results.firstIndex { $0["poster_path"] is NSNull }) + 1
    let thumbs = try await run(
      server, [], input: "more\nshow 3\nthumb \(withPoster)\nthumb \(without)\n", cache: cache)
    #expect(thumbs.status == 1)
    #expect(thumbs.stderr.contains("Row \(without): TMDb has no poster for this film."))
    let posters = try server.posterRequests()
    #expect(posters.count == 1)
    #expect(posters.first?.path.hasPrefix("/t/p/w342/") == true)
    #expect(try server.requests(to: "/3/configuration").count == 1)
    // The configuration is kept on disk: the next run does not ask for it.
    _ = try await run(server, ["--no-prefetch"], input: "", cache: cache)
    #expect(try server.requests(to: "/3/configuration").count == 1)
  }

  /// Without TMDb's image configuration, a row's poster is a failure `thumb` reports, not a
  /// film without one: a script learns it from the exit status.
  @Test func postersWithoutTheImageConfigurationFailTheirThumbs() async throws {
    let server = try await TMDbTestServer(
      limit: 20,
      extraArguments: [
        "--fail", "/3/configuration", "--fail-status", "404", "--fail-message", "Gone",
      ])
    let results = try await server.results()
    let withPoster = try #require(results.firstIndex { $0["poster_path"] is String }) + 1
    let run = try await run(server, ["--no-prefetch"], input: "thumb 1-\(withPoster)\n")
    #expect(run.status == 1)
    #expect(run.stderr.contains("TMDb's image configuration could not be loaded"))
    #expect(
      run.stderr.contains("Row \(withPoster): The poster's address is not known"), "\(run.stderr)")
    #expect(try server.posterRequests().isEmpty)
  }

  @Test func tmdbsOwnMessageIsQuotedEscaped() async throws {
    let server = try await TMDbTestServer(
      limit: 30,
      extraArguments: [
        "--fail", "/3/movie/", "--fail-status", "404", "--fail-message",
        "Gone \u{1B}[31mfor good api_key=abc123",
      ])
    let run = try await run(server, ["--no-prefetch"], input: "show 1\n")
    #expect(run.status == 0)
    #expect(run.stdout.contains("#1 "))
    #expect(
      run.stderr.contains("TMDb answered HTTP 404 (\"Gone ^[[31mfor good api_key=REDACTED\")"))
    #expect(!run.stderr.contains("\u{1B}"))
  }

  /// A search page that fails is tried again by typing the `find` again: `more` would load
  /// the list's next page, which is not what failed.
  @Test func aFailedSearchSaysToTypeTheFindAgain() async throws {
    let server = try await TMDbTestServer(
      extraArguments: ["--fail", "/3/search/movie", "--fail-status", "503"])
    let run = try await run(
      server, ["--no-prefetch", "--retries", "0"], input: "find godfather\n")
    #expect(run.status == 1)
    #expect(run.stderr.contains("'find godfather'"), "\(run.stderr)")
    #expect(!run.stderr.contains("'more'"), "\(run.stderr)")
  }
}
