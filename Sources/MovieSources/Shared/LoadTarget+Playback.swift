import MoviesCore

extension LoadTarget {
  /// A playback report; its failure does not stop the film.
  public static let playbackReport: LoadTarget = {
    var target = LoadTarget(
      .other, name: "the playback report",
      advice: "The film still played; the server may not know where it stopped.")
    target.verb = "send"
    target.isReport = true
    return target
  }()

  /// Where the film stopped, asked again just before it plays; without it, the film plays
  /// from where the list said.
  public static let playbackPosition = LoadTarget(
    .other, name: "where the film stopped",
    advice: "It plays from where the list said.")
}
