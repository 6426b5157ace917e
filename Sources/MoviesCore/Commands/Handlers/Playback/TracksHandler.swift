/// `tracks N`: the audio and subtitle tracks the server knows of a film, numbered as `play N
/// audio:N sub:N` takes them.
extension CommandContext {
  /// The tracks of the film `label` names, from its source; a source that does not list
  /// tracks (a film database, the offline catalogue) refuses in one sentence.
  func tracks(_ label: RowLabel) async throws -> TracksListed {
    guard let listing = streamSource?.trackListing else { throw PlayError.noTracks }
    let target = try await target(label)
    if let entry = target.entry, entry.source != sourceID {
      throw WatchlistError.knownElsewhere(entry: label.number, source: entry.source)
    }
    return TracksListed(
      movie: target.movie, row: label, tracks: try await listing.tracks(of: target.movie))
  }
}

/// The tracks of one film: a line for each, numbered by kind, with its language, title,
/// codec and whether it is the default or a file of its own.
struct TracksListed: CommandOutcome {
  var movie: Movie
  var row: RowLabel
  var tracks: MediaTracks

  func text(_ renderer: TextRenderer) -> String {
    let counts = [MediaTrack.Kind.audio, .subtitles].map { kind in
      "\(tracks[kind].count) \(kind.noun) track\(tracks[kind].count == 1 ? "" : "s")"
    }
    var text =
      "\(row.spoken(capitalized: true)), \(TextRenderer.quoted(movie.title)): "
      + counts.joined(separator: " and ") + ".\n"
    let lines = [MediaTrack.Kind.audio, .subtitles].flatMap { kind in
      tracks[kind].enumerated().map { index, track in
        [
          "\(kind.word):\(index + 1)", Self.cell(track.language), Self.cell(track.title),
          Self.cell(track.codec),
          [track.isDefault ? "default" : nil, track.isExternal ? "external" : nil]
            .compactMap { $0 }.joined(separator: ", "),
        ]
      }
    }
    guard let first = lines.first else { return text }
    let widths = first.indices.map { column in
      lines.map { DisplayWidth.columns(of: $0[column]) }.max() ?? 0
    }
    for line in lines {
      let cells = line.indices.map { column in
        column == line.count - 1
          ? line[column] : DisplayWidth.pad(line[column], toColumns: widths[column])
      }
      text += "  " + cells.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
    }
    return text + "Choose with 'play \(row) audio:N sub:N' (or a language, or 'sub:off').\n"
  }

  /// Server text made safe for the terminal and one line long; `-` for nothing.
  private static func cell(_ text: String?) -> String {
    let text = TerminalText.escape(text ?? "").split(whereSeparator: \.isNewline)
      .joined(separator: " ")
    return text.isEmpty ? "-" : DisplayWidth.truncate(text, toColumns: 40)
  }

  func jsonFields(_ fields: JSONFields) -> JSONObject {
    let list: (MediaTrack.Kind) -> JSONValue = { kind in
      .array(
        tracks[kind].enumerated().map { index, track in
          .object([
            "number": .int(index + 1), "language": .text(track.language),
            "title": .text(track.title), "codec": .text(track.codec),
            "default": .bool(track.isDefault), "external": .bool(track.isExternal),
          ])
        })
    }
    return [
      "row": .int(row.number), "movie": fields.movieValue(movie, row: row.number),
      "audio": list(.audio), "subtitles": list(.subtitles),
    ]
  }
}

extension String {
  /// Without the spaces at its end.
  fileprivate func trimmingTrailingSpaces() -> String {
    var text = Substring(self)
    while text.last == " " { text = text.dropLast() }
    return String(text)
  }
}
