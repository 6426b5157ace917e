/// A source that is told what was played of its films (``SourceCapabilities/reportsPlayback``):
/// Jellyfin's playing sessions or user data, Plex's timeline and scrobble. `play N` asks it
/// where to start just before playing, and reports to it while the film plays and at its end.
public protocol PlaybackReporting: Sendable {
  /// The film as the server has it now, its playback above all: `play N` starts where the
  /// server says it stopped, not where a row loaded long ago said.
  func refreshed(_ movie: Movie) async throws -> Movie

  /// Tells the server where playing of `movie` is. A stopped report at 90 % or more marks the
  /// film played; one below 5 % changes nothing the server keeps.
  func report(_ report: PlaybackReport, of movie: Movie) async throws
}

extension LoadTarget {
  /// A playback report, or the film's playback asked for just before playing it; a failure
  /// of either does not stop the film.
  public static let playbackReport = LoadTarget(
    .other, name: "the playback report",
    advice: "The film still played; the server may not know where it stopped.")
}
