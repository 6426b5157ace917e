/// `play N`: the film the player played, from this many seconds in, and where the player
/// left it (played at 90 % or more); nil when the player did not say (no IPC).
struct Played: CommandOutcome {
  var movie: Movie
  var row: RowLabel
  var from: Int
  var ended: Playback?

  /// Where the player left the film, in `show N`'s clock.
  func text(_ renderer: TextRenderer) -> String {
    let film = "\(row.spoken()), \(TextRenderer.quoted(movie.title))"
    guard let ended else {
      // The player did not say where it got to: where it started is all there is.
      return "Played \(film)\(from > 0 ? " from \(Playback.clock(from))" : "").\n"
    }
    return ended.played
      ? "Played \(film) to the end.\n" : "Stopped \(film) at \(ended.stoppedAt).\n"
  }

  var proseIndent: String? { "" }

  func jsonFields(_ fields: JSONFields) -> JSONObject {
    [
      "row": .int(row.number), "movie": fields.movieValue(movie, row: row.number),
      "from": .int(from), "playback": JSONFields.playback(ended),
    ]
  }
}

/// `trailer N`: the film with its trailer (``Movie/trailer``), and whether a player played
/// it; else its link is printed (the warning says why).
struct TrailerShown: CommandOutcome {
  var movie: Movie
  var row: RowLabel
  var played: Bool

  func text(_ renderer: TextRenderer) -> String {
    if played {
      return "Played the trailer of \(row.spoken()), \(TextRenderer.quoted(movie.title)).\n"
    }
    // A script reads the link alone on its line.
    return (movie.trailer ?? movie.link).map { TerminalText.escape($0) + "\n" } ?? ""
  }

  var proseIndent: String? { "" }

  func jsonFields(_ fields: JSONFields) -> JSONObject {
    [
      "row": .int(row.number), "title": .string(movie.title), "trailer": .text(movie.trailer),
      "link": .text(movie.link), "played": .bool(played),
    ]
  }
}
