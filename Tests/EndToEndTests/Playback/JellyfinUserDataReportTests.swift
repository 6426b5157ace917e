import Foundation
import TestSupport
import Testing

/// With an API key and `--jellyfin-user`, whose session belongs to no user, `play N` writes
/// that user's data instead of reporting a session: the position when it stops part-way, the
/// film played at 90 % or more, and nothing below 5 %.
@Suite(.timeLimit(.minutes(3))) struct JellyfinUserDataReportTests {
  /// A server of twenty films started with `extraArguments`, alice's id, a film of hers never
  /// started with its row, and a stand-in mpv.
  static func scene(_ extraArguments: [String] = []) async throws -> (
    server: JellyfinTestServer, alice: String, row: Int, film: ServerFilm, player: StandInPlayer
  ) {
    let server = try await JellyfinTestServer(limit: 20, extraArguments: extraArguments)
    let alice = try await server.userID("alice")
    let (row, film) = try #require(
      ServerFilm.firstUnstarted(in: try await server.films(userID: alice)))
    return (server, alice, row, film, try StandInPlayer())
  }

  /// `lines` on `server` with its API key as alice, `player` playing as `playing` says.
  static func playAsAlice(
    _ server: JellyfinTestServer, _ lines: String, player: StandInPlayer,
    playing: [String: String]
  ) async throws -> MoviesRun {
    try await JellyfinReportTests.play(
      server, lines, player: player, playing: playing, token: JellyfinTestServer.apiKey,
      extra: ["--jellyfin-user", "alice"])
  }

  @Test func theUsersDataIsWrittenPlayedMarkedAndABarelyStartedPlayChangesNothing() async throws {
    let (server, alice, row, film, player) = try await Self.scene()
    defer { player.remove() }
    func play(_ playing: [String: String]) async throws -> MoviesRun {
      try await Self.playAsAlice(server, "play \(row)\n", player: player, playing: playing)
    }
    func writes() throws -> [JellyfinTestServer.Request] {
      try server.requests().filter { $0.method == "POST" }
    }
    let stint = (film.length * 0.4).rounded()
    let stopped = try await play(
      StandInPlayer.playing(speed: film.length, length: film.length, quitAfter: stint))
    #expect(stopped.status == 0, "\(stopped.stderr)")
    let written = try writes()
    #expect(written.map(\.path) == ["/UserItems/\(film.id)/UserData"], "no session reports")
    #expect(written.first?.query["userId"] == alice)
    let ticks = Double(written.first?.body["PlaybackPositionTicks"] ?? "") ?? 0
    #expect(abs(ticks / 10_000_000 - stint) < 1, "the position in ticks")
    #expect(written.first?.token == "api-key")
    #expect(abs(try await server.film(film.id, userID: alice).position - stint) < 1)

    let ended = try await play(StandInPlayer.playing(speed: film.length / 2, length: film.length))
    #expect(ended.status == 0, "\(ended.stderr)")
    let mpv = try #require(try player.run())
    #expect(mpv.arguments.contains("--start=\(Int(stint))"), "it started where the server said")
    let played = try writes().dropFirst(written.count)
    #expect(played.map(\.path).last == "/UserPlayedItems/\(film.id)")
    #expect(played.last?.query["userId"] == alice)
    #expect(try await server.film(film.id, userID: alice).played)

    let before = try writes().count
    let barely = try await play(
      StandInPlayer.playing(speed: film.length, length: film.length, quitAfter: film.length * 0.02))
    #expect(barely.status == 0, "\(barely.stderr)")
    #expect(try writes().count == before, "below 5 % nothing is written")
    #expect(try await server.film(film.id, userID: alice).played)
  }

  /// A server before 10.9 answers the current paths 404: the film is asked for and its data
  /// written at the older ones under `/Users/{userId}/`, and after the first 404 only there.
  @Test func aServerBefore10_9IsAskedAndWrittenAtTheOlderPaths() async throws {
    let (server, alice, row, film, player) = try await Self.scene(["--before-10-9"])
    defer { player.remove() }
    let stint = (film.length * 0.4).rounded()
    let run = try await Self.playAsAlice(
      server, "play \(row)\n", player: player,
      playing: StandInPlayer.playing(speed: film.length, length: film.length, quitAfter: stint))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.isEmpty, "no warning: \(run.stderr)")
    let asked = try server.requests().filter { $0.path.hasSuffix("/Items/\(film.id)") }
    #expect(asked.map(\.path) == ["/Items/\(film.id)", "/Users/\(alice)/Items/\(film.id)"])
    #expect(asked.map(\.status) == [404, 200])
    let written = try server.requests().filter { $0.method == "POST" }
    #expect(written.map(\.path) == ["/Users/\(alice)/Items/\(film.id)/UserData"])
    #expect(written.map(\.status) == [200])
    let kept = try await server.films(userID: alice)[row - 1]
    #expect(abs(kept.position - stint) < 1, "the server kept the position")
  }
}
