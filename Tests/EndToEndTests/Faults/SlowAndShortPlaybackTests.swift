import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A server that sends a byte a second, and one whose `Content-Length` claims 100,000 bytes
/// more than it sends, on the paths `play` added: the stream mpv reads through the loopback
/// relay, and the playback reports. Each: `play` returns within bounds with one clear line
/// (the relay's failure used to go unsaid: mpv just stopped early), the stop is still
/// reported, and nothing is left behind: no player, no private folder.
@Suite(.timeLimit(.minutes(3))) struct SlowAndShortPlaybackTests {
  enum Fault: String, CaseIterable {
    case trickle
    case shortBody = "short-body"
  }

  /// Plays the first unstarted film on a Jellyfin with `option` set to `fault` (the stream
  /// fault hits the player's requests, with a Range, so the check before mpv passes), with a
  /// `timeout`-s deadline; what the run printed, how long it took, and the temporary folder's
  /// leftovers.
  private func play(
    _ option: String, _ fault: Fault, timeout: Int = 5
  ) async throws -> (
    run: MoviesRun, took: Duration, server: JellyfinTestServer, player: StandInPlayer.Run?,
    left: [String]
  ) {
    let server = try await JellyfinTestServer(limit: 20, extraArguments: [option, fault.rawValue])
    let (row, _) = try #require(ServerFilm.firstUnstarted(in: try await server.films()))
    let player = try StandInPlayer()
    defer { player.remove() }
    let temporary = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: temporary) }
    let started = ContinuousClock.now
    let run = try await player.play(
      [
        "--source", "jellyfin", "--api", server.baseURL.absoluteString, "--no-prefetch",
        "--timeout", String(timeout),
      ], "play \(row)\n", playing: StandInPlayer.playing(speed: 60, length: 5400, quitAfter: 60),
      environment: ["JELLYFIN_TOKEN": JellyfinTestServer.bobToken, "TMPDIR": temporary.path])
    let took = ContinuousClock.now - started
    let ran = try player.run()
    if let pid = ran?.pid {
      #expect(kill(pid, 0) != 0, "the player is gone")
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
    return (run, took, server, ran, left)
  }

  @Test(arguments: Fault.allCases)
  func aStreamThatTricklesOrLiesEndsPlayWithinBounds(_ fault: Fault) async throws {
    let (run, took, server, player, left) = try await play("--stream-fault", fault)
    #expect(!run.stderr.contains("Fatal error"), "\(run.stderr)")
    #expect(took < .seconds(40), "play returned after \(took)")
    let mpv = try #require(player, "the player ran")
    #expect(
      mpv.streamStatus != 200, "a stream cut short is not whole: \(mpv.streamBytes) bytes")
    #expect(!mpv.arguments.joined().contains(JellyfinTestServer.bobToken))
    #expect(left.isEmpty, "no private folder: \(left)")
    let stops = try server.requests().filter { $0.path == "/Sessions/Playing/Stopped" }
    #expect(stops.count == 1, "the stop is still reported: \(run.stderr)")
    let lines = run.stderr.split(separator: "\n").filter {
      $0.hasPrefix("error: ") || $0.hasPrefix("warning: ")
    }
    #expect(lines.count == 1, "one line: \(run.stderr)")
    #expect(
      lines.first?.contains("stream failed while mpv read it from the server") == true,
      "it says why mpv stopped early: \(run.stderr)")
  }

  @Test(arguments: Fault.allCases)
  func aReportThatTricklesOrLiesIsOneWarningWithinBounds(_ fault: Fault) async throws {
    let (run, took, server, player, left) = try await play("--report-fault", fault)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stderr.contains("Fatal error"), "\(run.stderr)")
    // A second of film, and the start's and the stop's 3-s bounds at most.
    #expect(took < .seconds(15), "play returned after \(took)")
    #expect(player?.streamStatus == 200, "the film itself played")
    #expect(left.isEmpty, "no private folder: \(left)")
    let warnings = run.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
    #expect(warnings.count <= 1, "\(run.stderr)")
    #expect(run.stdout.contains("Stopped row "), "\(run.stdout)")
    let reports = try server.requests().filter { $0.path.hasPrefix("/Sessions/Playing") }
    #expect(reports.count >= 2, "the start and the stop went out: \(reports.map(\.path))")
  }
}
