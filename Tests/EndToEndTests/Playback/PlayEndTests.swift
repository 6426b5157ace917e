import Foundation
import TestSupport
import Testing

/// What `play N` says when mpv is done, from where the player said it was: played to the end
/// at 90 % or more, stopped at a position of the length earlier, in `show N`'s clock; `--json`
/// carries it as `playback`. A player that says nothing (no IPC) gets the plain sentence.
@Suite(.timeLimit(.minutes(3))) struct PlayEndTests {
  /// `H:MM:SS`, or `M:SS` under an hour, as the test expects it written.
  static func clock(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded())
    let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
    let tail = String(format: "%02d", rest)
    return hours > 0
      ? "\(hours):" + String(format: "%02d", minutes) + ":\(tail)" : "\(minutes):\(tail)"
  }

  /// The reply to the run's one `play` in `--json`.
  static func reply(_ run: MoviesRun) throws -> [String: Any] {
    let objects = run.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    return try #require(objects.last { $0["from"] != nil }, "\(run.stdout)")
  }

  @Test func playSaysWhereThePlayerLeftTheFilmInTextAndJSON() async throws {
    let (server, row, film, player) = try await JellyfinReportTests.scene()
    defer { player.remove() }
    func play(from start: Double, to share: Double, json: Bool = false) async throws -> MoviesRun {
      let stint = (film.length * share).rounded() - start
      let run = try await JellyfinReportTests.play(
        server, "play \(row)\n", player: player,
        playing: StandInPlayer.playing(speed: film.length, length: film.length, quitAfter: stint),
        extra: json ? ["--json"] : [])
      #expect(run.status == 0, "\(run.stderr)")
      return run
    }
    let title = "\"\(film.title)\""
    let first = (film.length * 0.4).rounded()
    let stopped = try await play(from: 0, to: 0.4)
    #expect(
      stopped.stdout.contains(
        "Stopped row \(row), \(title) at \(Self.clock(first)) of \(Self.clock(film.length)).\n"),
      "\(stopped.stdout)")

    let second = (film.length * 0.6).rounded()
    let reply = try Self.reply(try await play(from: first, to: 0.6, json: true))
    #expect(reply["from"] as? Int == Int(first))
    let partWay = try #require(reply["playback"] as? [String: Any])
    #expect(partWay["played"] as? Bool == false)
    #expect(partWay["position"] as? Int == Int(second))
    #expect(partWay["length"] as? Int == Int(film.length))

    // 92 %: played, as the server is told, though mpv did not reach the end.
    let almost = try await play(from: second, to: 0.92)
    #expect(almost.stdout.contains("Played row \(row), \(title) to the end.\n"), "\(almost.stdout)")
    #expect(try await server.film(film.id, token: JellyfinTestServer.bobToken).played)

    // Played, it starts from the beginning and plays to the end.
    let whole = try Self.reply(
      try await JellyfinReportTests.play(
        server, "play \(row)\n", player: player,
        playing: StandInPlayer.playing(speed: film.length / 2, length: film.length),
        extra: ["--json"]))
    #expect(whole["from"] as? Int == 0)
    let played = try #require(whole["playback"] as? [String: Any])
    #expect(played["played"] as? Bool == true)
    #expect(played["position"] as? Int == Int(film.length))
    #expect(played["length"] as? Int == Int(film.length))
  }

  @Test func aPlayerThatSaysNothingGetsThePlainSentence() async throws {
    let (server, row, film, player) = try await JellyfinReportTests.scene()
    defer { player.remove() }
    let text = try await JellyfinReportTests.play(
      server, "play \(row)\n", player: player, playing: StandInPlayer.withoutIPC)
    #expect(text.status == 0, "\(text.stderr)")
    #expect(text.stdout.contains("Played row \(row), \"\(film.title)\".\n"), "\(text.stdout)")
    #expect(!text.stdout.contains("Stopped"))
    let mpv = try #require(try player.run())
    #expect(mpv.socketNamed == nil, "the stand-in made no socket")

    let json = try await JellyfinReportTests.play(
      server, "play \(row)\n", player: player, playing: StandInPlayer.withoutIPC,
      extra: ["--json"])
    #expect(json.status == 0, "\(json.stderr)")
    let reply = try Self.reply(json)
    #expect(reply["playback"] is NSNull, "no position known: \(reply)")
    #expect(reply["row"] as? Int == row)
  }
}
