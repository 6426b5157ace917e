import Foundation
import TestSupport
import Testing

/// `find` with filters and no words asks a server that filters, in a request a page,
/// instead of scanning its whole list (issue 30).
@Suite(.timeLimit(.minutes(2))) struct ServerFilterTests {
  @Test func tmdbAnswersAYearRangeAndARatingWithDiscover() async throws {
    let server = try await TMDbTestServer()
    defer { server.stop() }
    let run = try await MoviesRun.run(
      server.arguments(["--no-prefetch", "--json", "-c", "find year:1990-1999 rating:>8.5"]),
      environment: ["TMDB_API_KEY": TMDbTestServer.apiKey])
    #expect(run.status == 0, "\(run.stderr)")
    let discover = try server.requests(to: "/3/discover/movie").dropFirst()  // the list's page 1
    #expect(!discover.isEmpty)
    for request in discover {
      #expect(request.query["primary_release_date.gte"] == "1990-01-01")
      #expect(request.query["primary_release_date.lte"] == "1999-12-31")
      #expect(request.query["vote_average.gte"] == "8.501", "above 8.5")
      #expect(request.query["vote_count.gte"] == "200")
    }
    // A page of 20 films a request: no walk through the popular list.
    #expect(discover.count <= 20, "\(discover.count) requests")
    let line = try #require(run.stdout.split(separator: "\n").last)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    let rows = try #require(object["rows"] as? [[String: Any]])
    #expect(!rows.isEmpty)
    for movie in rows {
      let year = Int((movie["releaseDate"] as? String ?? "").prefix(4)) ?? 0
      #expect((1990...1999).contains(year), "\(movie)")
      #expect((movie["rating"] as? Double ?? 0) > 8.5, "\(movie)")
    }
  }

  @Test func tmdbsNewestStopsAtToday() async throws {
    let server = try await TMDbTestServer(limit: 50)
    defer { server.stop() }
    let run = try await MoviesRun.run(
      server.arguments(["--order", "newest", "--no-prefetch", "-c", "more"]),
      environment: ["TMDB_API_KEY": TMDbTestServer.apiKey])
    #expect(run.status == 0, "\(run.stderr)")
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    let today = formatter.string(from: Date())
    let pages = try server.requests(to: "/3/discover/movie")
    #expect(!pages.isEmpty)
    #expect(pages.allSatisfy { $0.query["primary_release_date.lte"] == today })
  }

  @Test func jellyfinListsTheYearsOfARange() async throws {
    let server = try await JellyfinTestServer(limit: 60)
    defer { server.stop() }
    let run = try await MoviesRun.run(
      [
        "--source", "jellyfin", "--api", server.baseURL.absoluteString, "--jellyfin-user", "alice",
        "-c", "find year:1950-1953",
      ],
      environment: ["JELLYFIN_TOKEN": JellyfinTestServer.apiKey])
    #expect(run.status == 0, "\(run.stderr)")
    let searched = try server.itemRequests().filter { $0.query["Years"] != nil }
    #expect(!searched.isEmpty)
    #expect(searched.allSatisfy { $0.query["Years"] == "1950,1951,1952,1953" })
  }
}
