import Foundation
import TestSupport
import Testing

/// `show N` of a series on the local Jellyfin lists its seasons with their episode counts and
/// the episode to watch next, as the server's `/Shows/{id}/Seasons` and `/Shows/NextUp` have
/// them, in text and in JSON.
@Suite(.timeLimit(.minutes(2))) struct SeriesShowTests {
  @Test func aSeriesShowsItsSeasonsAndItsNextEpisode() async throws {
    let server = try await JellyfinTestServer(limit: 10)
    let run = try await server.runMovies(["series", "order title", "show 1"])
    #expect(run.status == 0, "\(run.stderr)")
    let seasons = try #require(
      try server.requests().last { $0.path.hasPrefix("/Shows/") && $0.path.hasSuffix("/Seasons") })
    let series = seasons.path.split(separator: "/")[1]
    let nextUp = try #require(try server.requests().last { $0.path == "/Shows/NextUp" })
    #expect(nextUp.query["SeriesId"] == String(series))
    // The seasons as the server counts them, each with its episodes.
    #expect(run.stdout.contains("By season"), "\(run.stdout)")
    #expect(run.stdout.contains("Season 1: "), "\(run.stdout)")
    #expect(run.stdout.contains("Season 2: "), "\(run.stdout)")
    let next = try #require(
      run.stdout.split(separator: "\n").first { $0.contains("Next episode") }, "\(run.stdout)")
    let code = try Regex(#"S\d\dE\d\d "#)
    #expect(next.contains(code), "\(next)")
  }

  @Test func theJSONCarriesTheSeasonsAndTheNextEpisode() async throws {
    let server = try await JellyfinTestServer(limit: 10)
    let run = try await server.runMovies(["series", "order title", "show 1"], extra: ["--json"])
    #expect(run.status == 0, "\(run.stderr)")
    let last = try #require(run.stdout.split(separator: "\n").last)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
    let seasons = try #require(object["seasons"] as? [[String: Any]], "\(last)")
    #expect(seasons.count >= 2)
    #expect(seasons.allSatisfy { ($0["episodes"] as? Int ?? 0) > 0 }, "\(seasons)")
    let next = try #require(object["nextEpisode"] as? [String: Any], "\(last)")
    #expect((next["season"] as? Int ?? 0) >= 1 && (next["episode"] as? Int ?? 0) >= 1)
  }
}
