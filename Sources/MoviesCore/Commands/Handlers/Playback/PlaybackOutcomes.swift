/// `play N`: the film the player played, from this many seconds in (where the server said it
/// stopped when `resumed`), and where the player left it (played at 90 % or more); nil when
/// the player did not say (no IPC).
struct Played: CommandOutcome {
  var movie: Movie
  var row: RowLabel
  var from: Int
  var resumed = false
  /// The resuming line was shown before mpv opened: the result does not say it again.
  var resumeSaid = false
  var ended: Playback?
  /// The stream ended long before the film's length: it was not played out.
  var streamEndedEarly = false
  /// The episode after this one, looked up when this one played out; nil otherwise.
  var next: Movie?

  /// Where the player left the film, in `show N`'s clock, after where it started when it
  /// resumed there.
  func text(_ renderer: TextRenderer) -> String {
    let film = "\(row.spoken()), \(TextRenderer.quoted(movie.title))"
    let resuming = resumed && !resumeSaid ? Self.resuming(movie, at: from, row: row) : ""
    guard let ended else {
      // The player did not say where it got to: where it started is all there is.
      return resuming + "Played \(film)\(from > 0 ? " from \(Playback.clock(from))" : "").\n"
    }
    if streamEndedEarly {
      return resuming + "Stopped \(film): the stream ended \(from > 0 ? "at" : "after") "
        + "\(ended.stoppedAt), so it is not marked played.\n"
    }
    return resuming
      + (ended.played
        ? "Played \(film) to the end.\n" : "Stopped \(film) at \(ended.stoppedAt).\n")
      + (next.map(Self.nextLine) ?? "")
  }

  /// `Next: The 100 S01E03 "Earth Skills" — type 'next' to play it.`, a line.
  static func nextLine(_ episode: Movie) -> String {
    "Next: \(named(episode)) — type 'next' to play it.\n"
  }

  /// `The 100 S01E03 "Earth Skills"`: an episode with its series and place.
  static func named(_ episode: Movie) -> String {
    let place = episode.episode.map { "\(TerminalText.escape($0.seriesTitle)) \($0.code) " } ?? ""
    return place + TextRenderer.quoted(episode.title)
  }

  /// An episode played is the one `next` goes on from.
  func record(in view: inout ViewState.State, query: MovieQuery) {
    guard movie.kind == .episode else { return }
    view.lastEpisode = (movie, row, next)
  }

  /// `Resuming "Heat" at 31:06 ('play 3 from:start' starts over).`, a line.
  static func resuming(_ movie: Movie, at start: Int, row: RowLabel) -> String {
    "Resuming \(TextRenderer.quoted(movie.title)) at \(Playback.clock(start)) "
      + "('play \(row) from:start' starts over).\n"
  }

  var proseIndent: String? { "" }

  func jsonFields(_ fields: JSONFields) -> JSONObject {
    [
      "row": .int(row.number), "movie": fields.movieValue(movie, row: row.number),
      "from": .int(from), "resumed": .bool(resumed), "playback": JSONFields.playback(ended),
      "streamEndedEarly": .bool(streamEndedEarly),
      "next": next.map { fields.movieValue($0, row: row.number) } ?? .null,
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
