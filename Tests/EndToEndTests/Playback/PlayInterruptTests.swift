import Foundation
import TestSupport
import Testing

/// Ctrl-C during `play` at the prompt: the program asks mpv to quit over its IPC (the stand-in
/// ignores the terminal's SIGINT, as an mpv in another process group would), reports where it
/// stopped, and the prompt comes back; on Jellyfin (a user's session) and on Plex (the
/// timeline).
@Suite(.timeLimit(.minutes(2))) struct PlayInterruptTests {
  enum Server: String, CaseIterable {
    case jellyfin, plex
  }

  @Test(arguments: Server.allCases)
  func ctrlCStopsMpvAndTheStopIsStillReported(_ kind: Server) async throws {
    let jellyfin = kind == .jellyfin ? try await JellyfinTestServer(limit: 20) : nil
    let plex = kind == .plex ? try await PlexTestServer(limit: 20) : nil
    let (row, film) =
      if let jellyfin {
        try await JellyfinReportTests.freshFilm(jellyfin)
      } else {
        try await PlexReportTests.freshFilm(try #require(plex))
      }
    let player = try StandInPlayer()
    defer { player.remove() }
    var environment = StandInPlayer.playing(speed: film.length / 40, length: film.length)
    environment["PATH"] = player.path()
    let arguments: [String]
    if let jellyfin {
      environment["JELLYFIN_TOKEN"] = JellyfinTestServer.bobToken
      arguments = ["--source", "jellyfin", "--api", jellyfin.baseURL.absoluteString]
    } else {
      environment.merge(PlexTestServer.environment) { $1 }
      arguments = try #require(plex).arguments()
    }
    let session = try TmuxSession(
      arguments: arguments + ["--no-prefetch"], environment: environment, width: 120, height: 40)
    defer { session.stop() }
    try await session.waitFor("movies added ")
    try session.type("play \(row)\r")
    let underWay = try await eventually(timeout: .seconds(40)) {
      (try player.session()?.position ?? 0) > film.length * 0.1
    }
    try #require(underWay, "the stand-in played a while")
    try session.press("C-c")
    let screen = try await session.waitFor("Stopped row \(row), ")
    #expect(!screen.contains("mpv stopped"), "\(screen)")
    let mpv = try #require(try player.session())
    #expect(mpv.commands.contains("quit"), "asked to quit over the IPC: \(mpv.commands)")
    #expect(mpv.ended == "quit")
    #expect(mpv.observed == ["duration", "pause", "time-pos"])
    let stops: [Double]
    if let jellyfin {
      stops = try JellyfinReportTests.reports(jellyfin, "/Sessions/Playing/Stopped").map(\.seconds)
    } else {
      stops = try PlexReportTests.timelines(try #require(plex)).filter {
        $0.query["state"] == "stopped"
      }.compactMap { $0.query["time"].flatMap { Double($0) }.map { $0 / 1000 } }
    }
    #expect(stops.count == 1)
    let reported = stops.first ?? 0
    #expect(
      abs(reported - mpv.sent) < 0.001, "the last position mpv sent: \(reported) vs \(mpv.sent)")
    #expect(reported > film.length * 0.1)
    #expect(session.isRunning, "the prompt is back")
  }
}
