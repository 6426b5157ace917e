import Foundation
import TestSupport
import Testing

/// A `find` of filters alone on a source that filters on its server is a view of the list, as
/// `genre` is: the server's first page (one request), its total on the status line, `more`
/// for the next page (one more request), kept by `--resume`, left by `genre all`. It was a
/// scan of every page: `find on:netflix` asked TMDb for 296 pages. Against the local TMDb,
/// Jellyfin and Plex, in script mode and in tmux at 100, 80, 60 and 40 columns.
@Suite(.timeLimit(.minutes(4))) struct FilterViewTests {
  /// The discover requests asking for Netflix's films (the local TMDb's provider 1).
  private static func netflixPages(_ server: TMDbTestServer) throws -> [Int] {
    try server.requests(to: "/3/discover/movie")
      .filter { $0.query["with_watch_providers"] == "1" }.compactMap { $0.query["page"] }
      .compactMap { Int($0) }
  }

  /// The local TMDb's count of the films on Netflix, as it answers.
  private static func netflixTotal(_ server: TMDbTestServer) async throws -> Int {
    let document = try await server.document(
      "discover/movie",
      query: "with_watch_providers=1&watch_region=US&with_watch_monetization_types=flatrate")
    return try #require(document["total_results"] as? Int)
  }

  @Test func tmdbOnNetflixIsAPageAndMoreIsTheNext() async throws {
    let server = try await TMDbTestServer()
    defer { server.stop() }
    let cache = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: cache) }
    let total = try await Self.netflixTotal(server)
    #expect(total > 100, "a list of many pages")
    let run = try await MoviesRun.run(
      server.arguments(["--count", "20", "--no-prefetch", "-c", "find on:netflix"]),
      environment: server.environment(cache: cache))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try Self.netflixPages(server) == [1], "one page for the find")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.first == "Filtered by on:netflix: \(total.formatted(.number.grouping(.automatic))) "
        + "movies; 'genre all' lists every movie again.", "\(run.stdout)")
    #expect(run.tableRows.count == 20, "\(run.stdout)")
    #expect(run.stdout.contains("Showing 20 of \(total.formatted())"), "\(run.stdout)")
    #expect(run.stderr.isEmpty, "one answer, no warning: \(run.stderr)")

    let more = try await MoviesRun.run(
      server.arguments([
        "--count", "20", "--no-prefetch", "-c", "find on:netflix", "-c", "more", "-c",
        "genre all",
      ]),
      environment: server.environment(cache: cache))
    #expect(more.status == 0, "\(more.stderr)")
    #expect(try Self.netflixPages(server) == [1, 1, 2], "one more page for more")
    #expect(more.stdout.contains("Showing 40 of \(total.formatted())"), "\(more.stdout)")
    // `genre all` is the whole list again (its first page, loaded at start, is not asked again).
    let after = try #require(more.stdout.components(separatedBy: "Showing 40 of").last)
    let status = try #require(after.split(separator: "\n").last { $0.hasPrefix("Showing ") })
    #expect(status.hasPrefix("Showing 20 of ") && !status.hasSuffix(" \(total.formatted())"))
    #expect(!after.contains("Filtered by"), "\(after)")
  }

  @Test func tmdbJSONOfTheViewIsTheFirstPageAsGenreGives() async throws {
    let server = try await TMDbTestServer()
    defer { server.stop() }
    let cache = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: cache) }
    let run = try await MoviesRun.run(
      server.arguments(["--count", "20", "--no-prefetch", "--json", "-c", "find on:netflix"]),
      environment: server.environment(cache: cache))
    #expect(run.status == 0, "\(run.stderr)")
    let line = try #require(run.stdout.split(separator: "\n").last)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect((object["rows"] as? [Any])?.count == 20, "\(line.prefix(300))")
    #expect(object["total"] as? Int == (try await Self.netflixTotal(server)))
    let query = try #require(object["query"] as? [String: Any])
    #expect(query["filters"] as? String == "on:netflix", "\(query)")
  }

  /// The view's first line names the server's count of unplayed films, and the status line
  /// after `more` the same count.
  private static func expectViewOfUnplayed(_ run: MoviesRun) throws {
    let first = try #require(run.stdout.split(separator: "\n").first)
    let count = try #require(first.firstMatch(of: /^Filtered by played:no: ([0-9,]+) movies;/))
    #expect(Int(count.1.filter(\.isNumber)) ?? 0 > 40, "\(first)")
    #expect(run.stdout.contains("Showing 40 of \(count.1)\n"), "\(run.stdout)")
  }

  @Test func jellyfinPlayedNoIsAPageOfTheLibrary() async throws {
    let server = try await JellyfinTestServer(limit: 200)
    defer { server.stop() }
    let run = try await server.runMovies(["find played:no", "more"], extra: ["--count", "20"])
    #expect(run.status == 0, "\(run.stderr)")
    let filtered = try server.itemRequests().filter { $0.query["IsPlayed"] == "false" }
    #expect(filtered.count == 2, "one page for the find, one for more: \(filtered)")
    #expect(filtered.map { $0.query["StartIndex"] ?? "0" } == ["0", "20"], "\(filtered)")
    try Self.expectViewOfUnplayed(run)
  }

  @Test func plexPlayedNoIsAPageOfTheSection() async throws {
    let server = try await PlexTestServer(limit: 200)
    defer { server.stop() }
    let run = try await MoviesRun.run(
      server.arguments(["--count", "20", "--no-prefetch", "-c", "find played:no", "-c", "more"]),
      environment: PlexTestServer.environment)
    #expect(run.status == 0, "\(run.stderr)")
    let filtered = try server.listRequests().filter { $0.query["unwatched"] == "1" }
    #expect(filtered.count == 2, "one page for the find, one for more: \(filtered)")
    try Self.expectViewOfUnplayed(run)
  }

  @Test(arguments: [100, 80, 60, 40])
  func aPersonSeesTheViewPagesItAndLeavesIt(width: Int) async throws {
    let server = try await TMDbTestServer()
    defer { server.stop() }
    let total = try await Self.netflixTotal(server).formatted()
    let session = try TmuxSession(
      arguments: server.arguments(["--no-prefetch", "--no-preview", "--count", "20"]),
      environment: ["TMDB_API_KEY": TMDbTestServer.apiKey], width: width, height: 40)
    defer { session.stop() }
    try await session.waitFor("popular 20/")
    try session.type("find on:netflix\r")
    try await session.waitFor("on:netflix·popular 20/\(total)>")
    #expect(try Self.netflixPages(server) == [1])
    try session.type("more\r")
    try await session.waitFor("on:netflix·popular 40/\(total)>")
    #expect(try Self.netflixPages(server) == [1, 2])
    try session.type("help find\r")
    let help = try await session.waitFor("genre all")
    #expect(help.contains("view"), "\(help)")
    try session.type("genre all\r")
    try await session.waitUntil("the whole list") {
      TmuxSession.lastLine(of: $0).hasPrefix("movies popular 20/")
    }
    #expect(try Self.netflixPages(server) == [1, 2], "the whole list asks no provider")
  }

  @Test func resumeReopensTheView() async throws {
    let server = try await TMDbTestServer()
    defer { server.stop() }
    let total = try await Self.netflixTotal(server).formatted()
    let home = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: home) }
    let first = try TmuxSession(
      arguments: server.arguments(["--no-prefetch", "--no-preview", "--count", "20"]),
      environment: ["TMDB_API_KEY": TMDbTestServer.apiKey], home: home, width: 80, height: 30)
    try await first.waitFor("popular 20/")
    try first.type("find on:netflix\r")
    try await first.waitFor("on:netflix·popular 20/")
    try first.type("more\r")
    try await first.waitFor("on:netflix·popular 40/")
    try first.type("quit\r")
    try await first.waitForExit()
    first.stop()
    let again = try TmuxSession(
      arguments: server.arguments(["--no-prefetch", "--no-preview", "--resume"]),
      environment: ["TMDB_API_KEY": TMDbTestServer.apiKey], home: home, width: 80, height: 30)
    defer { again.stop() }
    let screen = try await again.waitFor("on:netflix·popular 40/\(total)>")
    #expect(screen.contains("filtered by on:netflix"), "\(screen)")
  }
}
