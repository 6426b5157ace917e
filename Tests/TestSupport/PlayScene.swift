import Foundation

/// What each test of `play`'s reports starts from: a local server, a film on it nobody has
/// started with its row in the default order, and a stand-in mpv to play it. The test removes
/// the player when it ends (`defer { player.remove() }`).
public typealias PlayScene<Server> = (
  server: Server, row: Int, film: ServerFilm, player: StandInPlayer
)

extension StandInPlayer {
  /// `movies` with `arguments` and `lines` on stdin, this stand-in first on `PATH` and playing
  /// as `playing` says (``playing(speed:length:quitAfter:dieAfter:)``), with `environment`'s
  /// credentials, for up to a hundred seconds: room for a few plays of some seconds each.
  public func play(
    _ arguments: [String], _ lines: String, playing: [String: String],
    environment: [String: String]
  ) async throws -> MoviesRun {
    var environment = playing.merging(environment) { $1 }
    environment["PATH"] = path()
    // mpv's log goes in the stand-in's folder (``log``), never the home of whoever runs the
    // tests.
    environment["XDG_STATE_HOME"] =
      environment["XDG_STATE_HOME"] ?? program.folder.appendingPathComponent("state").path
    return try await MoviesRun.run(
      arguments, input: lines, environment: environment, timeout: .seconds(100))
  }
}
