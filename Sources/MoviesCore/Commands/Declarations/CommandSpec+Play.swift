/// `play` and `tracks`: row commands whose line says more than the row.
extension CommandSpec {
  /// `play N [from:start|from:M:SS|from:H:MM:SS] [audio:LANG|N] [sub:LANG|N|off]`.
  static let play: CommandSpec = {
    var spec = onRow(
      .play,
      summary: "play row N in mpv from where the server says it stopped ('from:start' starts "
        + "over, 'from:12:30' there), or a series row's next episode; 'audio:ja' and 'sub:en' "
        + "or 'sub:off' choose the tracks; "
        + "'play N-M' plays rows N to M one after another (a season's episodes), stopping "
        + "when one is quit before its end")
    spec.usage =
      "play N|wN|fN [from:start|from:M:SS|from:H:MM:SS] [audio:LANG|N] [sub:LANG|N|off], "
      + "play N-M"
    spec.examples = [
      "play 3", "play 3 from:start", "play w1 from:12:30 audio:ja sub:en", "play 2-4",
    ]
    spec.takes = "one row number, watchlist entry or search match, then from:, audio: or sub:"
    spec.hint = "N [from:start|M:SS] [audio:LANG] [sub:LANG|off]"
    spec.parse = { arguments throws(Command.ParseError) in try Command.play(arguments) }
    return spec
  }()

  /// `tracks N`: the audio and subtitle tracks the server knows of row N's film.
  static let tracks: CommandSpec = {
    var spec = onRow(
      .play,
      summary: "list the audio and subtitle tracks of row N's film that the server knows, "
        + "for 'play N audio:… sub:…'",
      loads: "the tracks of")
    spec.name = "tracks"
    spec.synopsis = "tracks N"
    spec.usage = "tracks N, tracks wN, tracks fN"
    spec.examples = ["tracks 3", "tracks w1"]
    spec.loading = { command, _ in
      guard case .declared(_, let words) = command, let row = words.first else { return nil }
      return "Loading the tracks of \(Int(row) == nil ? "" : "row ")\(row)…"
    }
    spec.parse = { arguments throws(Command.ParseError) in
      guard let word = arguments.words.first else { throw .missingRow(command: arguments.name) }
      guard arguments.words.count == 1 else {
        throw .unexpectedArgument(command: arguments.name)
      }
      return .declared("tracks", words: [try arguments.label(word).description])
    }
    spec.run = { command, context in
      guard case .declared(_, let words) = command, let word = words.first else {
        throw Command.ParseError.unknown("tracks")
      }
      let label = try CommandArguments(name: "tracks", words: words).label(word)
      return Handled(try await context.tracks(label))
    }
    return spec
  }()
}
