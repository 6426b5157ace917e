import Foundation
import TestSupport
import Testing

/// A report endpoint that never answers held `play` for 59 s after a 12-s film (Jellyfin's
/// 15-s deadline, three attempts, twice). A report is now one attempt of at most 3 s, and
/// `play` returns with one warning; Ctrl-C cuts the last one short.
@Suite(.timeLimit(.minutes(3))) struct HangingReportTests {
  @Test func aHangingReportIsGivenUpWithinSecondsWithOneWarning() async throws {
    let server = try await JellyfinTestServer(limit: 20, extraArguments: ["--hang-reports"])
    let (row, _) = try #require(ServerFilm.firstUnstarted(in: try await server.films()))
    let player = try StandInPlayer()
    defer { player.remove() }
    let started = ContinuousClock.now
    let run = try await JellyfinReportTests.play(
      server, "play \(row)\n", player: player,
      playing: StandInPlayer.playing(speed: 60, length: 5400, quitAfter: 120))
    let took = ContinuousClock.now - started
    #expect(run.status == 0, "\(run.stderr)")
    // Two seconds of film, then the stop's 3 s (the start's ran beside the film).
    #expect(took < .seconds(12), "play returned after \(took)")
    let warnings = run.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
    #expect(warnings.count == 1, "\(run.stderr)")
    #expect(warnings.first?.contains("playback report") == true, "\(run.stderr)")
    let reports = try server.requests().filter { $0.path.hasPrefix("/Sessions/Playing") }
    #expect(reports.count == 2, "the start and the stop, once each: \(reports.map(\.path))")
  }

  @Test func ctrlCCutsAHangingStopReportShort() async throws {
    let server = try await JellyfinTestServer(limit: 20, extraArguments: ["--hang-reports"])
    let (row, _) = try #require(ServerFilm.firstUnstarted(in: try await server.films()))
    let player = try StandInPlayer()
    defer { player.remove() }
    let session = try TmuxSession(
      arguments: [
        "--source", "jellyfin", "--api", server.baseURL.absoluteString, "--no-prefetch", "--count",
        "20",
      ],
      environment: StandInPlayer.playing(speed: 60, length: 5400, quitAfter: 60).merging([
        "JELLYFIN_TOKEN": JellyfinTestServer.bobToken, "PATH": player.path(),
      ]) { $1 })
    defer { session.stop() }
    try await session.waitFor("movies added 20>")
    try session.type("play \(row)\r")
    let stopping = try await eventually(timeout: .seconds(30)) {
      try server.requests().contains { $0.path == "/Sessions/Playing/Stopped" }
    }
    try #require(stopping, "the stop report went out")
    let pressed = ContinuousClock.now
    try session.press("C-c")
    try await session.waitUntil("the prompt back") {
      $0.components(separatedBy: "movies added 20>").count == 3
    }
    #expect(ContinuousClock.now - pressed < .seconds(2), "cut short, not the 3-s deadline")
  }
}
