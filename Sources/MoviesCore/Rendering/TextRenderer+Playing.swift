extension TextRenderer {
  /// What `play N` and `trailer N` say when the player is done: for `play N`, where the
  /// player left the film, in `show N`'s clock.
  static func renderPlaying(_ outcome: CommandOutcome) -> String {
    switch outcome {
    case .played(let movie, let row, let from, let ended):
      let film = "\(row.spoken()), \(Self.quoted(movie.title))"
      guard let ended else {
        // The player did not say where it got to: where it started is all there is.
        return "Played \(film)\(from > 0 ? " from \(Playback.clock(from))" : "").\n"
      }
      return ended.played
        ? "Played \(film) to the end.\n" : "Stopped \(film) at \(ended.stoppedAt).\n"
    case .trailer(let movie, let row, let played):
      if played { return "Played the trailer of \(row.spoken()), \(Self.quoted(movie.title)).\n" }
      // A script reads the link alone on its line.
      return (movie.trailer ?? movie.link).map { TerminalText.escape($0) + "\n" } ?? ""
    default: return ""
    }
  }
}
