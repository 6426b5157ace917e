/// `watch N`: the entry, its row, and false when it was already on the watchlist.
struct Watched: CommandOutcome {
  var entry: WatchEntry
  var row: RowLabel
  var added: Bool

  func text(_ renderer: TextRenderer) -> String {
    let title = TextRenderer.quoted(entry.movie.title)
    return added
      ? "Added \(row.spoken()), \(title), to the watchlist.\n"
      : "\(row.spoken(capitalized: true)), \(title), is already on the watchlist.\n"
  }

  var proseIndent: String? { "" }

  func jsonFields(_ fields: JSONFields) -> JSONObject {
    [
      "row": .int(row.number), "added": .bool(added),
      "movie": fields.movieValue(entry.movie, row: row.number),
    ]
  }

  var shownMovies: [Movie]? { [entry.movie] }
}

/// `unwatch N` or `unwatch wN`: the movie, and false when it was not on the watchlist.
struct Unwatched: CommandOutcome {
  var movie: Movie
  var removed: Bool

  func text(_ renderer: TextRenderer) -> String {
    let title = TextRenderer.quoted(movie.title)
    return removed
      ? "Took \(title) off the watchlist.\n" : "\(title) is not on the watchlist.\n"
  }

  var proseIndent: String? { "" }

  func jsonFields(_ fields: JSONFields) -> JSONObject {
    ["removed": .bool(removed), "title": .string(movie.title), "id": .text(movie.id)]
  }

  var shownMovies: [Movie]? { [movie] }
}

/// `watch N-M` or `unwatch wN-wM`.
extension WatchRangeChange: CommandOutcome {
  /// What it prints.
  public func text(_ renderer: TextRenderer) -> String { sentence + "\n" }

  /// Its keys in the JSON object.
  public func jsonFields(_ fields: JSONFields) -> JSONObject {
    [
      "added": .bool(adding), "changed": .strings(changed.map(\.description)),
      "unchanged": .strings(unchanged.map(\.description)),
    ]
  }
}

/// `watchlist`: every entry, newest first (`w1` is the first).
struct WatchlistListed: CommandOutcome {
  var entries: [WatchEntry]

  func text(_ renderer: TextRenderer) -> String {
    let layout = renderer.layout
    guard !entries.isEmpty else { return "The watchlist is empty; 'watch N' adds row N.\n" }
    // The same movie watched offline and over HTTP is two entries: with more than one
    // source, a From column tells them apart.
    let sources = Set(entries.map(\.source)).count > 1
    let fromWidth =
      sources
      ? entries.map { DisplayWidth.columns(of: TerminalText.escape($0.sourceLabel)) }
        .max() ?? 0 : 0
    let table = MovieTable(
      width: layout.width - (sources ? fromWidth + 2 : 0), largestRow: entries.count,
      palette: layout.palette, firstPage: entries.map(\.movie), labelPrefix: "w")
    let rows = entries.enumerated().map { offset, entry in
      table.row(
        entry.movie, label: RowLabel(offset + 1, .entry).description,
        last: sources ? TerminalText.escape(entry.sourceLabel) : nil)
    }
    let header = table.header(last: sources ? "From" : nil)
    let count = entries.count == 1 ? "1 movie" : "\(Format.grouped(entries.count)) movies"
    return header + "\n" + rows.joined(separator: "\n") + "\n"
      + renderer.dimmed(
        "\(count) on the watchlist" + (layout.atPrompt ? " · show wN · unwatch wN" : ""))
      + "\n"
  }

  func jsonFields(_ fields: JSONFields) -> JSONObject { [:] }

  func jsonRows(_ fields: JSONFields) -> JSONRenderer.Rows? {
    JSONRenderer.Rows(key: "entries", count: entries.count) { place in
      JSONFields.entry(entries[place], number: place + 1)
    }
  }

  /// Its entries are in view, numbered as listed, until the next listing.
  func record(in view: inout ViewState.State, query: MovieQuery) {
    view.rows = .watchlist(count: entries.count)
    view.listing = entries
  }
}

/// `resume list`: the sessions kept, newest first, and which source this run browses.
struct SessionsListed: CommandOutcome {
  var sessions: [SavedSession]
  var current: String

  func text(_ renderer: TextRenderer) -> String {
    SessionList.render(sessions, current: current, palette: renderer.layout.palette)
  }

  func jsonFields(_ fields: JSONFields) -> JSONObject {
    [
      "sessions": .array(
        sessions.enumerated().map { offset, session in
          .object([
            "number": .int(offset + 1), "source": .string(session.source),
            "rows": .int(session.rows), "genreName": .text(session.genreName),
            "saved": .number(session.saved.timeIntervalSince1970),
            "query": JSONFields.query(session.query),
          ])
        })
    ]
  }
}
