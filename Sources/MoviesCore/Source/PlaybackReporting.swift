/// A source that is told what was played of its films (``StreamSource/playbackReporter``):
/// a media server's playing sessions, its user data or its timeline. `play N` asks it
/// where to start just before playing, and reports to it while the film plays and at its end.
public protocol PlaybackReporting: Sendable {
  /// The film as the server has it now, its playback above all: `play N` starts where the
  /// server says it stopped, not where a row loaded long ago said.
  func refreshed(_ movie: Movie) async throws -> Movie

  /// Tells the server where playing of `movie` is. A stopped report at 90 % or more marks the
  /// film played; one below 5 % changes nothing the server keeps.
  func report(_ report: PlaybackReport, of movie: Movie) async throws
}
