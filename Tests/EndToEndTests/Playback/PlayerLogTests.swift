import Foundation
import TestSupport
import Testing

/// mpv's own output goes to a log in the state folder, never between the prompt's lines;
/// when mpv fails, one line names the failure and the log.
@Suite(.timeLimit(.minutes(2))) struct PlayerLogTests {
  @Test func mpvsMessagesReachTheLogAndNotTheTerminal() async throws {
    let (server, row, _, player) = try await JellyfinReportTests.scene()
    defer { player.remove() }
    let run = try await JellyfinReportTests.play(
      server, "play \(row)\n", player: player,
      playing: StandInPlayer.complaining("[ffmpeg] MPV-OWN-MESSAGE"))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stderr.contains("MPV-OWN-MESSAGE") && !run.stdout.contains("MPV-OWN-MESSAGE"))
    let log = try String(contentsOf: player.log, encoding: .utf8)
    #expect(log.contains("[ffmpeg] MPV-OWN-MESSAGE"))
    let mode = try FileManager.default.attributesOfItem(atPath: player.log.path)[.posixPermissions]
    #expect((mode as? Int) == 0o600)
  }

  @Test func aFailureIsOneLineNamingTheLog() async throws {
    let (server, row, _, player) = try await JellyfinReportTests.scene()
    defer { player.remove() }
    let run = try await JellyfinReportTests.play(
      server, "play \(row)\n", player: player,
      playing: StandInPlayer.complaining("Failed to open the file.", status: 2))
    #expect(run.status == 1)
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "mpv stopped with status 2 while playing row \(row); its messages are in \(player.log.path)."
      ))
    #expect(!run.stderr.contains("Failed to open"))
    #expect(
      try String(contentsOf: player.log, encoding: .utf8).contains("Failed to open the file."))
  }
}
