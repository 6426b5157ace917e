import Foundation
import MoviesCore
import TestSupport
import Testing

/// Played means played: the film's length is the server's running time, whatever mpv says;
/// a stream that reached its end a second into a two-hour film says so ("the stream ended
/// after 0:01 of …"), and is neither scrobbled nor marked played.
@Suite(.timeLimit(.minutes(3))) struct StreamEndedEarlyTests {
  /// The stand-in's stream: a second long, played at once to its end.
  static let oneSecond = StandInPlayer.playing(speed: 50, length: 1)

  @Test func plexIsNotScrobbledAndTheScreenSaysWhatHappened() async throws {
    let (server, row, film, player) = try await PlexReportTests.scene()
    defer { player.remove() }
    let run = try await PlexReportTests.play(
      server, "play \(row)\n", player: player, playing: Self.oneSecond)
    #expect(run.status == 0, "\(run.stderr)")
    let length = Playback.clock(Int(film.length))
    #expect(
      run.stdout.contains(
        "Stopped row \(row), \"\(film.title)\": the stream ended after 0:01 of \(length), "
          + "so it is not marked played."), "\(run.stdout)")
    #expect(!run.stdout.contains("to the end"))
    #expect(try !server.requests().contains { $0.path == "/:/scrobble" }, "no scrobble")
    let stopped = try PlexReportTests.timelines(server).filter { $0.query["state"] == "stopped" }
    #expect(stopped.first?.query["time"] == "1000", "where it really stopped")
    #expect(
      stopped.first?.query["duration"] == String(Int(film.length * 1000)), "the server's length")
    #expect(try await !server.film(film.id).played)
  }

  @Test func jellyfinKeepsItUnplayed() async throws {
    let (server, row, film, player) = try await JellyfinReportTests.scene()
    defer { player.remove() }
    let run = try await JellyfinReportTests.play(
      server, "play \(row)\n", player: player, playing: Self.oneSecond)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("the stream ended after 0:01 of"), "\(run.stdout)")
    let stops = try JellyfinReportTests.reports(server, "/Sessions/Playing/Stopped")
    #expect(stops.map(\.seconds) == [1])
    let kept = try await server.film(film.id, token: JellyfinTestServer.bobToken)
    #expect(!kept.played)
  }

  @Test func aStreamThatEndsNearTheRunningTimeIsPlayed() async throws {
    let (server, row, film, player) = try await PlexReportTests.scene()
    defer { player.remove() }
    // The file is a little shorter than the server's running time, as files often are.
    let run = try await PlexReportTests.play(
      server, "play \(row) from:\(Playback.clock(Int(film.length * 0.93)))\n", player: player,
      playing: StandInPlayer.playing(speed: 50, length: (film.length * 0.95).rounded()))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout.contains("Played row \(row), \"\(film.title)\" to the end."), "\(run.stdout)")
    #expect(try server.requests().contains { $0.path == "/:/scrobble" })
  }
}
