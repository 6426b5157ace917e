import Foundation
import TestSupport
import Testing

/// TV series on the local Jellyfin and Plex, through the binary: `series` lists the server's
/// series, `episodes N 2` goes into season 2 as each server's TV API has it, checked in the
/// request logs; a season the server lacks is one sentence, a series without episodes says
/// so, and an episode without a file is refused, naming why.
@Suite(.timeLimit(.minutes(3))) struct SeriesSourcesTests {
  @Test func jellyfinSeriesAndASeasonsEpisodes() async throws {
    let server = try await JellyfinTestServer(limit: 10)
    let run = try await server.runMovies(
      ["series", "order title", "episodes 1 2", "back", "episodes 1 9", "show 1"],
      extra: ["--count", "30"])
    let series = try server.itemRequests().filter { $0.query["IncludeItemTypes"] == "Series" }
    #expect(series.last?.query["SortBy"] == "SortName")
    #expect(series.last?.query["Fields"]?.contains("RecursiveItemCount") == true)
    // "The 100 Lanterns" sorts first: its season 2 by the season's own id.
    let seasons = try server.requests().filter { $0.path.hasSuffix("/Seasons") }
    let episodes = try server.requests().filter { $0.path.hasSuffix("/Episodes") }
    #expect(seasons.count >= 1 && episodes.count == 1)
    let lanterns = try #require(seasons.first?.path.split(separator: "/").dropLast().last)
    #expect(episodes.first?.path == "/Shows/\(lanterns)/Episodes")
    #expect(episodes.first?.query["SeasonId"]?.isEmpty == false)
    #expect(run.stdout.contains("S02E01"), "\(run.stdout)")
    #expect(!run.stdout.contains("S01E01"))
    // Season 9: one sentence naming the seasons it has, and nothing asked for it.
    let refusals = run.stderr.split(separator: "\n")
    #expect(refusals.count == 1, "\(run.stderr)")
    #expect(refusals.first?.contains("has no season 9; its seasons are 1, 2") == true)
    #expect(run.stdout.contains("The 100 Lanterns: a comedy and animation series"))
  }

  @Test func jellyfinEmptySeriesAndAnEpisodeWithoutAFile() async throws {
    let server = try await JellyfinTestServer(limit: 10)
    // By title: row 7 is "Empty Nest" (one season, no episodes), row 19 "Salt and Iron",
    // whose last episode (S02E07) the server knows of but has no file for.
    let run = try await server.runMovies(
      ["series", "order title", "episodes 7", "episodes 19 2", "play 7", "show 7"],
      extra: ["--count", "30"])
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 2, "\(run.stderr)")
    #expect(lines.first?.contains("\"Empty Nest\" has no episodes") == true, "\(run.stderr)")
    #expect(lines.last?.contains("has no stream to play") == true, "\(run.stderr)")
    #expect(run.stdout.contains("S02E07"))
    #expect(run.stdout.contains("has no file for it"), "show N says why")
    #expect(try !server.requests().contains { $0.path.hasPrefix("/Videos/") }, "nothing streamed")
  }

  @Test func plexSeriesAndASeasonsEpisodes() async throws {
    let server = try await PlexTestServer(limit: 10)
    let run = try await MoviesRun.run(
      server.arguments(["--no-prefetch", "--count", "10"])
        + ["-c", "series", "-c", "order title", "-c", "episodes 1 2", "-c", "back"],
      environment: PlexTestServer.environment)
    #expect(run.status == 0, "\(run.stderr)")
    let lists = try server.listRequests().filter { $0.path == "/library/sections/2/all" }
    #expect(lists.allSatisfy { $0.query["type"] == "2" && $0.containerSize == 10 })
    #expect(lists.last?.query["sort"] == "titleSort")
    let requests = try server.requests().map(\.path)
    #expect(requests.contains("/library/metadata/50100/children"), "the show's seasons")
    let season = try #require(
      try server.requests().first { $0.path == "/library/metadata/50102/children" })
    #expect(season.containerStart == 0 && season.containerSize == 10 && season.tokenVia == "header")
    #expect(run.stdout.contains("S02E01"))
    #expect(lists.count == 2, "series and order title; back asked nothing again")
  }
}
