import Foundation
import TestSupport
import Testing

/// `play N` tells Plex what was played, as Plex's players do: the timeline (`playing` about
/// every ten seconds, `stopped` at the end) with the position and length in milliseconds, a
/// scrobble at 90 % or more; the next `play` starts where the server says it stopped.
@Suite(.timeLimit(.minutes(3))) struct PlexReportTests {
  static func play(
    _ server: PlexTestServer, _ lines: String, player: StandInPlayer, playing: [String: String]
  ) async throws -> MoviesRun {
    try await player.play(
      server.arguments(["--no-prefetch"]), lines, playing: playing,
      environment: PlexTestServer.environment)
  }

  static func timelines(_ server: PlexTestServer) throws -> [PlexTestServer.Request] {
    try server.requests().filter { $0.path == "/:/timeline" }
  }

  static func freshFilm(_ server: PlexTestServer) async throws -> (row: Int, film: ServerFilm) {
    try #require(ServerFilm.firstUnstarted(in: try await server.films()))
  }

  /// A server of twenty films, the first never started, and a stand-in mpv.
  static func scene() async throws -> PlayScene<PlexTestServer> {
    let server = try await PlexTestServer(limit: 20)
    let (row, film) = try await freshFilm(server)
    return (server, row, film, try StandInPlayer())
  }

  @Test func theTimelineCarriesMillisecondsAndTheNextPlayStartsThere() async throws {
    let (server, row, film, player) = try await Self.scene()
    defer { player.remove() }
    let stint = (film.length * 0.3).rounded()
    let run = try await Self.play(
      server, "play \(row)\nplay \(row)\n", player: player,
      playing: StandInPlayer.playing(speed: stint / 13, length: film.length, quitAfter: stint))
    #expect(run.status == 0, "\(run.stderr)")
    let timelines = try Self.timelines(server)
    #expect(timelines.allSatisfy { $0.query["ratingKey"] == film.id && $0.status == 200 })
    #expect(timelines.allSatisfy { $0.query["key"] == "/library/metadata/\(film.id)" })
    #expect(timelines.allSatisfy { $0.query["duration"] == String(Int(film.length * 1000)) })
    #expect(timelines.allSatisfy { $0.tokenVia == "header" }, "never in the address")
    let stopped = timelines.filter { $0.query["state"] == "stopped" }.compactMap {
      $0.query["time"].flatMap { Double($0) }
    }
    #expect(stopped.count == 2)
    #expect(abs((stopped.first ?? 0) - stint * 1000) < 1000, "milliseconds")
    #expect(abs((stopped.last ?? 0) - 2 * stint * 1000) < 1000)
    let playing = timelines.filter { $0.query["state"] == "playing" }
    #expect(playing.count >= 4, "a start and about every ten seconds, each play")
    #expect(try !server.requests().contains { $0.path == "/:/scrobble" }, "not played out")
    let asked = try server.requests().filter { $0.path == "/library/metadata/\(film.id)" }
    #expect(asked.count == 2, "asked again before each play")
    let mpv = try #require(try player.run())
    #expect(mpv.arguments.contains("--start=\(Int(stint))"))
    #expect(abs(try await server.film(film.id).position - 2 * stint) < 1)
  }

  @Test func playedToTheEndItIsScrobbled() async throws {
    let (server, row, film, player) = try await Self.scene()
    defer { player.remove() }
    let run = try await Self.play(
      server, "play \(row)\n", player: player,
      playing: StandInPlayer.playing(speed: film.length / 3, length: film.length))
    #expect(run.status == 0, "\(run.stderr)")
    let last = try #require(try Self.timelines(server).last)
    #expect(last.query["state"] == "stopped")
    #expect(last.query["time"] == String(Int(film.length * 1000)))
    let scrobbles = try server.requests().filter { $0.path == "/:/scrobble" }
    #expect(scrobbles.map { $0.query["key"] } == [film.id])
    #expect(scrobbles.first?.query["identifier"] == "com.plexapp.plugins.library")
    #expect(scrobbles.first?.tokenVia == "header")
    #expect(try await server.film(film.id).played, "the server marked it watched")
  }
}
