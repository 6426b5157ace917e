import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `play N` on a series row plays its next episode, the line after an episode played out names
/// the one after it, and `next` plays that one: against the local Jellyfin (`/Shows/NextUp`,
/// the session reports naming each episode) and the local Plex (the show's `OnDeck`, the
/// timeline of the episode), checked in the request logs and against what the servers say.
/// A stand-in mpv plays over its IPC.
@Suite(.timeLimit(.minutes(3))) struct SeriesNextEpisodeTests {
  /// `S01E03`, as a row and the `Next:` line write an episode's place.
  private func code(_ item: [String: Any], season: String, episode: String) -> String {
    String(
      format: "S%02dE%02d", item[season] as? Int ?? -1, item[episode] as? Int ?? -1)
  }

  @Test func jellyfinPlaysTheSeriesNextUpThenNamesAndPlaysTheOneAfter() async throws {
    let server = try await JellyfinTestServer(limit: 20)
    let player = try StandInPlayer()
    defer { player.remove() }
    let run = try await player.play(
      ["--source", "jellyfin", "--api", server.baseURL.absoluteString, "--no-prefetch"],
      "series\nplay 1\nnext\n", playing: StandInPlayer.playing(speed: 8000, length: 4000),
      environment: ["JELLYFIN_TOKEN": JellyfinTestServer.bobToken])
    #expect(run.status == 0, "\(run.stderr)")
    let requests = try server.requests()
    let nextUp = try #require(
      requests.first { $0.path == "/Shows/NextUp" && $0.query["SeriesId"] != nil },
      "the series' next up is asked")
    #expect(nextUp.token == "user")
    let series = try #require(nextUp.query["SeriesId"])
    let stops = requests.filter { $0.method == "POST" && $0.path == "/Sessions/Playing/Stopped" }
      .map { $0.body["ItemId"] ?? "" }
    #expect(stops.count == 2, "the next up, then the one after it: \(run.stdout)")
    guard stops.count == 2 else { return }
    // The oracle: the series' episodes in the server's order, and what bob has played now.
    let user = try #require(nextUp.query["userId"])
    let listed =
      try await server.answer("/Shows/\(series)/Episodes?userId=\(user)") as? [String: Any] ?? [:]
    let episodes = listed["Items"] as? [[String: Any]] ?? []
    let ids = episodes.compactMap { $0["Id"] as? String }
    let first = try #require(ids.firstIndex(of: stops[0]), "an episode of the series")
    #expect(ids.indices.contains(first + 1) && ids[first + 1] == stops[1], "the one after it")
    // The first played was the server's next up: every episode before it was played already.
    #expect(
      episodes[..<first].allSatisfy {
        ($0["UserData"] as? [String: Any])?["Played"] as? Bool == true
      })
    let after = episodes[first + 1]
    let line =
      "Next: \(after["SeriesName"] as? String ?? "-") "
      + "\(code(after, season: "ParentIndexNumber", episode: "IndexNumber")) "
      + "\"\(after["Name"] as? String ?? "-")\" — type 'next' to play it."
    #expect(run.stdout.contains(line), "\(run.stdout)")
    #expect(
      run.stdout.contains("Played row 1, \"\(after["Name"] as? String ?? "-")\" to the end."))
  }

  @Test func jsonNamesTheNextEpisodeBesideTheOnePlayed() async throws {
    let server = try await JellyfinTestServer(limit: 20)
    let player = try StandInPlayer()
    defer { player.remove() }
    let run = try await player.play(
      ["--source", "jellyfin", "--api", server.baseURL.absoluteString, "--no-prefetch", "--json"],
      "series\nplay 1\n", playing: StandInPlayer.playing(speed: 8000, length: 4000),
      environment: ["JELLYFIN_TOKEN": JellyfinTestServer.bobToken])
    #expect(run.status == 0, "\(run.stderr)")
    let reply = try PlayEndTests.reply(run)
    let played = try #require(reply["movie"] as? [String: Any])
    let next = try #require(reply["next"] as? [String: Any], "\(reply)")
    #expect(played["kind"] as? String == "episode" && next["kind"] as? String == "episode")
    #expect(next["series"] as? String == played["series"] as? String)
    let place = { (row: [String: Any]) in
      [row["season"] as? Int ?? -1, row["episode"] as? Int ?? -1]
    }
    #expect(place(next).lexicographicallyPrecedes(place(played)) == false)
    #expect(place(next) != place(played), "\(played) then \(next)")
  }

  @Test func nextBeforeAnyEpisodePlayedSaysHowToStartOne() async throws {
    let server = try await JellyfinTestServer(limit: 20)
    let player = try StandInPlayer()
    defer { player.remove() }
    let run = try await player.play(
      ["--source", "jellyfin", "--api", server.baseURL.absoluteString, "--no-prefetch"],
      "series\nnext\n", playing: StandInPlayer.playing(speed: 8000, length: 4000),
      environment: ["JELLYFIN_TOKEN": JellyfinTestServer.bobToken])
    #expect(
      run.stderr.contains(
        "No episode was played in this session: 'play N' on a series row plays its next "
          + "episode."), "\(run.stderr)")
    #expect(try player.run() == nil, "nothing played")
  }

  @Test func plexPlaysTheShowsEpisodeOnDeckOrItsFirstNotWatched() async throws {
    let server = try await PlexTestServer(limit: 10)
    let player = try StandInPlayer()
    defer { player.remove() }
    let run = try await player.play(
      server.arguments(["--no-prefetch"]), "series\nplay 1\n",
      playing: StandInPlayer.playing(speed: 8000, length: 4000),
      environment: PlexTestServer.environment)
    #expect(run.status == 0, "\(run.stderr)")
    let requests = try server.requests().filter {
      $0.headers["X-Plex-Client-Identifier"] != "oracle"
    }
    let deck = try #require(
      requests.first { $0.query["includeOnDeck"] == "1" }, "the show's on deck is asked")
    let timelines = requests.filter { $0.path == "/:/timeline" }
    let key = try #require(timelines.first?.query["ratingKey"], "\(run.stdout)")
    #expect(timelines.allSatisfy { $0.query["ratingKey"] == key })
    // The oracle: the episode is the show's, and the server now says it is watched.
    let kept = try await server.container("/library/metadata/\(key)")
    let entry = try #require((kept["Metadata"] as? [[String: Any]])?.first)
    #expect(
      "/library/metadata/\(entry["grandparentRatingKey"].map { "\($0)" } ?? "-")" == deck.path)
    #expect(entry["viewCount"] as? Int == 1)
    #expect(run.stdout.contains("\"\(entry["title"] as? String ?? "-")\" to the end."))
  }
}
