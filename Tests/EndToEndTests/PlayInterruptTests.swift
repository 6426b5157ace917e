import Foundation
import TestSupport
import Testing

/// Ctrl-C during `play` at the prompt: the program asks mpv to quit over its IPC (the stand-in
/// ignores the terminal's SIGINT, as an mpv in another process group would), reports where it
/// stopped, and the prompt comes back.
@Suite(.timeLimit(.minutes(2))) struct PlayInterruptTests {
  @Test func ctrlCStopsMpvAndTheStopIsStillReported() async throws {
    let server = try await JellyfinTestServer(limit: 20)
    let (row, film) = try await JellyfinReportTests.freshFilm(server)
    let player = try StandInPlayer()
    defer { player.remove() }
    var environment = StandInPlayer.playing(speed: film.length / 40, length: film.length)
    environment["JELLYFIN_TOKEN"] = JellyfinTestServer.bobToken
    environment["PATH"] = player.path()
    let session = try TmuxSession(
      arguments: ["--source", "jellyfin", "--api", server.baseURL.absoluteString, "--no-prefetch"],
      environment: environment, width: 120, height: 40)
    defer { session.stop() }
    try await session.waitFor("movies added ")
    try session.type("play \(row)\r")
    let underWay = try await eventually(timeout: .seconds(40)) {
      (try player.session()?.position ?? 0) > film.length * 0.1
    }
    try #require(underWay, "the stand-in played a while")
    try session.press("C-c")
    let screen = try await session.waitFor("Played row \(row), ")
    #expect(!screen.contains("mpv stopped"), "\(screen)")
    let mpv = try #require(try player.session())
    #expect(mpv.commands.contains("quit"), "asked to quit over the IPC: \(mpv.commands)")
    #expect(mpv.ended == "quit")
    #expect(mpv.observed == ["duration", "pause", "time-pos"])
    let stops = try JellyfinReportTests.reports(server, "/Sessions/Playing/Stopped")
    #expect(stops.count == 1)
    let reported = stops.first?.seconds ?? 0
    #expect(
      abs(reported - mpv.sent) < 0.001, "the last position mpv sent: \(reported) vs \(mpv.sent)")
    #expect(reported > film.length * 0.1)
    #expect(session.isRunning, "the prompt is back")
  }
}
