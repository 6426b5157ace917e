import Foundation
import TestSupport
import Testing

/// `find`'s filters asked of the servers that answer them, through the binary against the
/// local TMDb, Jellyfin and Plex: each filter's parameter in the request log, and only rows
/// that pass it printed (issue 30; `played:` from issue 29).
@Suite(.timeLimit(.minutes(3))) struct FindFilterServerTests {
  private func rows(_ run: MoviesRun) throws -> [[String: Any]] {
    let line = try #require(run.stdout.split(separator: "\n").last)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    return try #require(object["rows"] as? [[String: Any]])
  }

  private func year(_ movie: [String: Any]) -> Int {
    Int((movie["releaseDate"] as? String ?? "").prefix(4)) ?? 0
  }

  @Test func tmdbStreamsOnAServiceWithTheOtherFiltersInOneDiscover() async throws {
    let server = try await TMDbTestServer()
    defer { server.stop() }
    let cache = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: cache) }
    let run = try await MoviesRun.run(
      server.arguments([
        "--region", "DE", "--no-prefetch", "--json", "-c",
        "find on:netfl year:2000- rating:>7 runtime:<100 genre:drama",
      ]),
      environment: server.environment(cache: cache))
    #expect(run.status == 0, "\(run.stderr)")
    let lists = try server.requests(to: "/3/watch/providers/movie")
    #expect(lists.count == 1 && lists.first?.query["watch_region"] == "DE", "\(lists)")
    let discover = try server.requests(to: "/3/discover/movie").dropFirst()  // the list's page 1
    #expect(!discover.isEmpty)
    for request in discover {
      #expect(request.query["with_watch_providers"] == "1", "Netflix is the local TMDb's 1")
      #expect(request.query["watch_region"] == "DE")
      #expect(request.query["with_watch_monetization_types"] == "flatrate")
      #expect(request.query["with_runtime.lte"] == "99")
      #expect(request.query["with_genres"] == "18")
      #expect(request.query["primary_release_date.gte"] == "2000-01-01")
      #expect(request.query["vote_average.gte"] == "7.001", "above 7")
    }
    let found = try rows(run)
    #expect(!found.isEmpty)
    for movie in found {
      #expect(year(movie) >= 2000 && (movie["rating"] as? Double ?? 0) > 7, "\(movie)")
      #expect((movie["genres"] as? [String] ?? []).contains("Drama"), "\(movie)")
    }
    // Each one streams on Netflix in Germany, by the server's own word.
    for movie in found.prefix(3) {
      let id = try #require(movie["id"] as? String)
      let url = try #require(
        URL(
          string:
            "\(server.apiURL.absoluteString)/movie/\(id)/watch/providers?api_key=\(TMDbTestServer.apiKey)"
        ))
      let data = try Data(contentsOf: url)
      let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      let germany = (root["results"] as? [String: Any])?["DE"] as? [String: Any]
      let flatrate = germany?["flatrate"] as? [[String: Any]] ?? []
      #expect(flatrate.contains { $0["provider_name"] as? String == "Netflix" }, "\(movie)")
    }
  }

  @Test func tmdbSaysWhichServiceItMeantAndKeepsTheListOnDisk() async throws {
    let server = try await TMDbTestServer(limit: 50)
    defer { server.stop() }
    let cache = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: cache) }
    let environment = server.environment(cache: cache)
    let first = try await MoviesRun.run(
      server.arguments(["--no-prefetch", "-c", "find on:netflx"]), environment: environment)
    #expect(first.status != 0)
    #expect(
      first.stderr.contains(
        "No streaming service in US begins with 'netflx'; did you mean "
          + "on:netflix?"), "\(first.stderr)")
    let second = try await MoviesRun.run(
      server.arguments(["--no-prefetch", "-c", "find alien on:mubi", "-c", "find on:mub"]),
      environment: environment)
    #expect(
      second.stderr.contains("TMDb's title search takes no on: filter"), "\(second.stderr)")
    #expect(try server.requests(to: "/3/search/movie").isEmpty, "refused before asking")
    #expect(
      try server.requests(to: "/3/watch/providers/movie").count == 1,
      "the second run read the list from the cache")
    #expect(
      try server.requests(to: "/3/discover/movie").contains {
        $0.query["with_watch_providers"] == "6"
      }, "Mubi is the local TMDb's 6")
  }

  @Test func jellyfinNarrowsByRatingGenreAndPlayedOnTheServer() async throws {
    let server = try await JellyfinTestServer(limit: 2000)
    defer { server.stop() }
    let run = try await MoviesRun.run(
      [
        "--source", "jellyfin", "--api", server.baseURL.absoluteString, "--jellyfin-user",
        "alice", "--json", "-c", "find genre:drama rating:>8 played:no year:1990-1999",
      ],
      environment: ["JELLYFIN_TOKEN": JellyfinTestServer.apiKey])
    #expect(run.status == 0, "\(run.stderr)")
    let searched = try server.itemRequests().filter { $0.query["IsPlayed"] != nil }
    #expect(!searched.isEmpty)
    for request in searched {
      #expect(request.query["IsPlayed"] == "false")
      #expect(request.query["MinCommunityRating"] == "8.001")
      #expect(request.query["GenreIds"]?.isEmpty == false)
    }
    let found = try rows(run)
    #expect(!found.isEmpty)
    for movie in found {
      #expect((movie["rating"] as? Double ?? 0) > 8, "\(movie)")
      #expect((movie["genres"] as? [String] ?? []).contains("Drama"), "\(movie)")
      #expect((movie["playback"] as? [String: Any])?["played"] as? Bool == false, "\(movie)")
      #expect((1990...1999).contains(year(movie)), "\(movie)")
    }
  }

  @Test func plexNarrowsByYearsRatingGenreAndPlayedOnTheServer() async throws {
    let server = try await PlexTestServer(limit: 60_000)
    defer { server.stop() }
    let run = try await MoviesRun.run(
      server.arguments([
        "--no-prefetch", "--json", "-c", "find genre:comedy rating:>8 played:yes year:1990-1999",
      ]),
      environment: PlexTestServer.environment)
    #expect(run.status == 0, "\(run.stderr)")
    let searched = try server.listRequests().filter { $0.query["unwatched"] != nil }
    #expect(!searched.isEmpty)
    for request in searched {
      #expect(request.query["unwatched"] == "0")
      #expect(request.query["year>>"] == "1990" && request.query["year<<"] == "1999")
      #expect(request.query["audienceRating>>"] == "8.001")
      #expect(request.query["genre"]?.isEmpty == false)
      // Filters alone: a view of the section, in the list's pages.
      #expect(request.containerSize == 10, "the list's page")
    }
    let found = try rows(run)
    #expect(!found.isEmpty)
    for movie in found {
      #expect((movie["rating"] as? Double ?? 0) > 8, "\(movie)")
      #expect((movie["genres"] as? [String] ?? []).contains("Comedy"), "\(movie)")
      #expect((movie["playback"] as? [String: Any])?["played"] as? Bool == true, "\(movie)")
      #expect((1990...1999).contains(year(movie)), "\(movie)")
    }
  }

  @Test func aSourceThatCannotApplyAFilterSaysSoAndScansTheRest() async throws {
    let refused = try await MoviesRun.run(["-c", "find played:no", "-c", "find on:netflix"])
    #expect(
      refused.stderr.contains(
        "This source does not know what you have watched, so played:yes and played:no work "
          + "only on a media server's library, such as Jellyfin's."), "\(refused.stderr)")
    #expect(
      refused.stderr.contains(
        "This source does not know where films stream, so on:NAME works "
          + "on TMDb only."), "\(refused.stderr)")
    let bad = try await MoviesRun.run(["-c", "find runtime:90"])
    #expect(bad.stderr.contains("'runtime:90' is not a running time"), "\(bad.stderr)")
    // The offline catalogue scans: a running time is checked on each row.
    let short = try await MoviesRun.run(["--json", "-c", "find runtime:<80 year:1999"])
    #expect(short.status == 0, "\(short.stderr)")
    let found = try rows(short)
    #expect(!found.isEmpty)
    #expect(found.allSatisfy { ($0["runtime"] as? Int ?? 999) < 80 }, "\(found)")
  }

  @Test func aScanCutShortByTheServerDoesNotSayNothingMatches() async throws {
    let server = try await HoppinTestServer(
      limit: 200, extraArguments: ["--fault", "status", "--fault-page", "2"])
    defer { server.stop() }
    let run = try await MoviesRun.run([
      "--api", server.apiURL.absoluteString, "--no-prefetch", "--retries", "0", "--count", "10",
      "-c", "find zzzz",
    ])
    #expect(
      run.stdout.contains(
        "Could not finish searching for 'zzzz': a page failed after 10 of 200 "
          + "movies, none of which matches"), "\(run.stdout)")
    #expect(!run.stdout.contains("No movie matches"), "\(run.stdout)")
  }
}
