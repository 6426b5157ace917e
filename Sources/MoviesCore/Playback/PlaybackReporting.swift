/// A source that is told what was played of its films (``SourceCapabilities/reportsPlayback``):
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

extension LoadTarget {
  /// A playback report; its failure does not stop the film.
  public static let playbackReport: LoadTarget = {
    var target = LoadTarget(
      .other, name: "the playback report",
      advice: "The film still played; the server may not know where it stopped.")
    target.verb = "send"
    return target
  }()

  /// Where the film stopped, asked again just before it plays; without it, the film plays
  /// from where the list said.
  public static let playbackPosition = LoadTarget(
    .other, name: "where the film stopped",
    advice: "It plays from where the list said.")
}
