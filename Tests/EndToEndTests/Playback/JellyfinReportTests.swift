import Foundation
import TestSupport
import Testing

/// `play N` tells Jellyfin what was played, checked in the server's request log and in what
/// the server keeps: with a user's token, the playing session's start, progress and stop
/// with the position in ticks; the next `play` asks the server again and starts where the
/// last one stopped; played out, the film is played. A stand-in mpv plays over its IPC.
@Suite(.timeLimit(.minutes(3))) struct JellyfinReportTests {
  static let ticksPerSecond = 10_000_000.0

  /// A film of `token`'s user never started, with its row in the default order.
  static func freshFilm(_ server: JellyfinTestServer, token: String = JellyfinTestServer.bobToken)
    async throws -> (row: Int, film: ServerFilm)
  {
    try #require(ServerFilm.firstUnstarted(in: try await server.films(token: token)))
  }

  /// A server of twenty films, the first of bob's never started, and a stand-in mpv.
  static func scene() async throws -> PlayScene<JellyfinTestServer> {
    let server = try await JellyfinTestServer(limit: 20)
    let (row, film) = try await freshFilm(server)
    return (server, row, film, try StandInPlayer())
  }

  static func play(
    _ server: JellyfinTestServer, _ lines: String, player: StandInPlayer,
    playing: [String: String], token: String = JellyfinTestServer.bobToken, extra: [String] = []
  ) async throws -> MoviesRun {
    try await player.play(
      ["--source", "jellyfin", "--api", server.baseURL.absoluteString, "--no-prefetch"] + extra,
      lines, playing: playing, environment: ["JELLYFIN_TOKEN": token])
  }

  /// The POSTs to `path`, in order, with their `PositionTicks` in seconds.
  static func reports(_ server: JellyfinTestServer, _ path: String) throws -> [(
    item: String, seconds: Double
  )] {
    try server.requests().filter { $0.method == "POST" && $0.path == path }.map {
      ($0.body["ItemId"] ?? "", (Double($0.body["PositionTicks"] ?? "") ?? -1) / ticksPerSecond)
    }
  }

  @Test func aUsersTokenReportsStartProgressAndStopAndTheNextPlayStartsThere() async throws {
    let (server, row, film, player) = try await Self.scene()
    defer { player.remove() }
    let stint = (film.length * 0.3).rounded()
    // Thirteen seconds a play: long enough for a progress report, ten seconds in.
    let run = try await Self.play(
      server, "play \(row)\nplay \(row)\n", player: player,
      playing: StandInPlayer.playing(speed: stint / 13, length: film.length, quitAfter: stint))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.isEmpty, "no warning")
    let starts = try Self.reports(server, "/Sessions/Playing")
    let progress = try Self.reports(server, "/Sessions/Playing/Progress")
    let stops = try Self.reports(server, "/Sessions/Playing/Stopped")
    #expect(starts.map(\.seconds) == [0, stint], "the second play started where the first stopped")
    #expect(stops.count == 2)
    #expect(abs((stops.first?.seconds ?? 0) - stint) < 1, "ticks, ten million a second")
    #expect(abs((stops.last?.seconds ?? 0) - 2 * stint) < 1)
    #expect(progress.count >= 2, "about every ten seconds: \(progress)")
    #expect(progress.allSatisfy { $0.seconds > 0 && $0.seconds <= 2 * stint + 1 })
    #expect((starts + progress + stops).allSatisfy { $0.item == film.id })
    let posts = try server.requests().filter { $0.method == "POST" }
    #expect(posts.allSatisfy { $0.token == "user" && $0.authorization?["Client"] == "movies" })
    #expect(
      posts.allSatisfy { $0.query.isEmpty && $0.status == 204 }, "the token only in the header")
    let asked = try server.requests().filter {
      $0.method == "GET" && $0.path == "/Items/\(film.id)"
    }
    #expect(asked.count == 2, "the film asked for again before each play")
    let mpv = try #require(try player.run())
    #expect(mpv.arguments.contains("--start=\(Int(stint))"))
    #expect(mpv.arguments.contains { $0.hasPrefix("--input-ipc-server=") })
    #expect(!mpv.arguments.joined(separator: " ").contains(JellyfinTestServer.bobToken))
    #expect(mpv.socketNamed == false, "the socket's name went once it was connected")
    let kept = try await server.film(film.id, token: JellyfinTestServer.bobToken)
    #expect(abs(kept.position - 2 * stint) < 1, "the server kept the position")
    #expect(!kept.played)
  }

  @Test func playedToTheEndTheFilmIsPlayed() async throws {
    let (server, row, film, player) = try await Self.scene()
    defer { player.remove() }
    let run = try await Self.play(
      server, "play \(row)\n", player: player,
      playing: StandInPlayer.playing(speed: film.length / 4, length: film.length))
    #expect(run.status == 0, "\(run.stderr)")
    let stops = try Self.reports(server, "/Sessions/Playing/Stopped")
    #expect(stops.count == 1)
    #expect(abs((stops.first?.seconds ?? 0) - film.length) < 1, "stopped at the end")
    let kept = try await server.film(film.id, token: JellyfinTestServer.bobToken)
    #expect(kept.played, "the server marked it played")
  }

  @Test func aRefusedReportIsOneWarningAndTheFilmStillPlayed() async throws {
    let server = try await JellyfinTestServer(limit: 5, extraArguments: ["--refuse-reports"])
    let player = try StandInPlayer()
    defer { player.remove() }
    let run = try await Self.play(
      server, "play 1\n", player: player, playing: [:], extra: ["--retries", "0"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("Stopped row 1, "), "\(run.stdout)")
    let warnings = run.stderr.split(separator: "\n").filter { $0.contains("playback report") }
    #expect(warnings.count == 1, "\(run.stderr)")
    #expect(try Self.reports(server, "/Sessions/Playing/Stopped").count == 1, "it was tried")
    #expect(try player.run() != nil, "mpv played")
  }

  @Test func anMpvThatDiesHasItsLastPositionReported() async throws {
    let (server, row, film, player) = try await Self.scene()
    defer { player.remove() }
    let stint = film.length * 0.3
    let run = try await Self.play(
      server, "play \(row)\n", player: player,
      playing: StandInPlayer.playing(speed: stint / 2, length: film.length, dieAfter: stint))
    #expect(run.status == 1)
    #expect(run.stderr.contains("mpv stopped with status"), "\(run.stderr)")
    let stops = try Self.reports(server, "/Sessions/Playing/Stopped")
    #expect(stops.count == 1)
    let mpv = try #require(try player.session())
    #expect(mpv.ended == nil, "killed, not ended")
    #expect(mpv.sent > film.length * 0.1)
    let last = stops.first?.seconds ?? 0
    #expect(abs(last - mpv.sent) < 0.001, "the last position known: \(last) vs \(mpv.sent)")
  }
}
