import Foundation
import TestSupport
import Testing

/// `play N-M` on a season's episodes on the local Jellyfin, with the stand-in mpv: played out,
/// each plays after the other, each reported; quit early, the range stops there.
@Suite(.timeLimit(.minutes(3))) struct PlayRangeTests {
  private func play(
    _ server: JellyfinTestServer, _ player: StandInPlayer, playing: [String: String]
  ) async throws -> MoviesRun {
    try await player.play(
      ["--source", "jellyfin", "--api", server.baseURL.absoluteString, "--no-prefetch"],
      "series\nepisodes 1 1\nplay 2-4\n", playing: playing,
      environment: ["JELLYFIN_TOKEN": JellyfinTestServer.bobToken])
  }

  private func stops(_ server: JellyfinTestServer) throws -> [String] {
    try server.requests().filter { $0.method == "POST" && $0.path == "/Sessions/Playing/Stopped" }
      .map { $0.body["ItemId"] ?? "" }
  }

  @Test func episodesPlayedOutPlayOneAfterAnother() async throws {
    let server = try await JellyfinTestServer(limit: 20)
    let player = try StandInPlayer()
    defer { player.remove() }
    let run = try await play(
      server, player, playing: StandInPlayer.playing(speed: 8000, length: 4000))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try stops(server).count == 3, "\(run.stdout)")
    #expect(Set(try stops(server)).count == 3, "three episodes, each once")
    #expect(!run.stdout.contains("stopped before its end"))
  }

  @Test func quittingBeforeTheEndStopsTheRange() async throws {
    let server = try await JellyfinTestServer(limit: 20)
    let player = try StandInPlayer()
    defer { player.remove() }
    let run = try await play(
      server, player, playing: StandInPlayer.playing(speed: 3000, length: 1500, quitAfter: 300))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try stops(server).count == 1)
    #expect(
      run.stdout.contains("Row 2 was stopped before its end, so 2 more rows of 2-4 did not play."),
      "\(run.stdout)")
  }
}
