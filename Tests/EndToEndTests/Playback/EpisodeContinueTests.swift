import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `continue` holds episodes beside films, and `play N` of an episode reports it exactly as a
/// film: against the local Jellyfin (`/UserItems/Resume` of films and episodes, then
/// `/Shows/NextUp`, the session reports naming the episode) and the local Plex
/// (`/library/onDeck`, the timeline and the scrobble of the episode), checked in the request
/// logs and in what the servers keep. A stand-in mpv plays over its IPC.
@Suite(.timeLimit(.minutes(3))) struct EpisodeContinueTests {
  @Test func jellyfinContinuePlaysAnEpisodeAndReportsItsSession() async throws {
    let server = try await JellyfinTestServer(limit: 10)
    let player = try StandInPlayer()
    defer { player.remove() }
    let users = try #require(try await server.answer("/Users") as? [[String: Any]])
    let bob = try #require(users.first { $0["Name"] as? String == "bob" }?["Id"] as? String)
    // The oracle: bob's films and episodes stopped part way, in the server's order.
    let resume = try #require(
      try await server.answer("/UserItems/Resume?userId=\(bob)&IncludeItemTypes=Movie,Episode")
        as? [String: Any])
    let items = resume["Items"] as? [[String: Any]] ?? []
    let index = try #require(items.firstIndex { $0["Type"] as? String == "Episode" })
    let episode = items[index]
    let id = try #require(episode["Id"] as? String)
    let length = Double(episode["RunTimeTicks"] as? Int ?? 0) / 10_000_000
    // It starts where bob stopped, and plays a quarter more: short of 90 %.
    let start =
      Double((episode["UserData"] as? [String: Any])?["PlaybackPositionTicks"] as? Int ?? 0)
      / 10_000_000
    let stint = (length * 0.25).rounded()

    let run = try await player.play(
      [
        "--source", "jellyfin", "--api", server.baseURL.absoluteString, "--no-prefetch",
        "--count", "50",
      ],
      "continue\nplay \(index + 1)\n",
      playing: StandInPlayer.playing(speed: stint / 4, length: length, quitAfter: stint),
      environment: ["JELLYFIN_TOKEN": JellyfinTestServer.bobToken])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains(episode["Name"] as? String ?? "-"), "the episode is listed")
    let requests = try server.requests()
    let asked = try #require(requests.first { $0.path == "/UserItems/Resume" })
    #expect(asked.query["IncludeItemTypes"] == "Movie,Episode")
    let nextUp = try #require(requests.first { $0.path == "/Shows/NextUp" })
    #expect(nextUp.query["EnableResumable"] == "false" && nextUp.token == "user")
    let sessions = requests.filter { $0.method == "POST" && $0.path.hasPrefix("/Sessions/Playing") }
    #expect(sessions.map(\.path).first == "/Sessions/Playing")
    #expect(sessions.map(\.path).last == "/Sessions/Playing/Stopped")
    #expect(sessions.allSatisfy { $0.body["ItemId"] == id && $0.status == 204 })
    #expect(
      requests.contains { $0.method == "GET" && $0.path == "/Items/\(id)" },
      "the episode asked again before it plays")
    // The server kept where the episode stopped.
    let kept = try #require(
      try await server.answer("/Items/\(id)?userId=\(bob)") as? [String: Any])
    let ticks = (kept["UserData"] as? [String: Any])?["PlaybackPositionTicks"] as? Int ?? 0
    #expect(start > 0 && abs(Double(ticks) / 10_000_000 - (start + stint)) < 2, "\(ticks)")
    #expect(try player.run() != nil, "mpv played")
  }

  @Test func plexContinueIsOnDeckAndAnEpisodePlayedOutIsScrobbled() async throws {
    let server = try await PlexTestServer(limit: 10)
    let player = try StandInPlayer()
    defer { player.remove() }
    let deck = try await server.container("/library/onDeck")
    let first = try #require((deck["Metadata"] as? [[String: Any]])?.first)
    #expect(first["type"] as? String == "episode", "stopped episodes come first")
    let key = try #require(first["ratingKey"] as? String)
    let length = Double(first["duration"] as? Int ?? 0) / 1000

    let run = try await player.play(
      server.arguments(["--no-prefetch", "--count", "5"]), "continue\nplay 1\n",
      playing: StandInPlayer.playing(speed: length / 3, length: length),
      environment: PlexTestServer.environment)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains(first["title"] as? String ?? "-"))
    let requests = try server.requests().filter {
      $0.headers["X-Plex-Client-Identifier"] != "oracle"
    }
    let onDeck = try #require(requests.first { $0.path == "/library/onDeck" })
    #expect(onDeck.containerStart == 0 && onDeck.containerSize == 5)
    let timelines = requests.filter { $0.path == "/:/timeline" }
    #expect(!timelines.isEmpty)
    #expect(timelines.allSatisfy { $0.query["ratingKey"] == key && $0.tokenVia == "header" })
    #expect(timelines.last?.query["state"] == "stopped")
    let scrobbles = requests.filter { $0.path == "/:/scrobble" }
    #expect(scrobbles.map { $0.query["key"] } == [key])
    let kept = try await server.container("/library/metadata/\(key)")
    let entry = try #require((kept["Metadata"] as? [[String: Any]])?.first)
    #expect(entry["viewCount"] as? Int == 1, "the server marked the episode watched")
  }
}
