/// Renders command results as the text people read: tables, details, status lines.
public struct TextRenderer: Sendable {
  /// How output should look: the terminal's width and colours.
  public struct Layout: Sendable {
    /// The terminal's columns.
    public var width: Int
    /// The styles; empty strings when colour is off.
    public var palette: Palette
    /// Whether prose (summaries, help, status lines) is broken at spaces to the width: at a
    /// terminal, yes; for scripts each message stays on one line.
    public var wrapsText: Bool
    /// False where the terminal cannot show Unicode: watched rows are marked `*`, not `★`,
    /// played ones `x`, not `✓`.
    public var unicode: Bool
    /// True at the prompt: a page continues the table above it, and status lines end with
    /// what to type next. A script's pages each have their header (`-c more` prints no first
    /// page to continue), and its status lines only count.
    public var atPrompt: Bool

    /// A layout from its parts; by default at a prompt, Unicode marks, prose unwrapped.
    public init(
      width: Int, palette: Palette, wrapsText: Bool = false, unicode: Bool = true,
      atPrompt: Bool = true
    ) {
      self.width = width
      self.palette = palette
      self.wrapsText = wrapsText
      self.unicode = unicode
      self.atPrompt = atPrompt
    }
  }

  /// The width and styles it renders for.
  public let layout: Layout
  /// Phrases errors, the same words `--json` uses.
  public let describer: ErrorDescriber
  /// The watched movies' keys, for the mark column; nil for none. A result brings its own.
  public var watched: Set<String>?
  /// The movie as `show N` printed it while its details loaded (``listFields(of:row:thumbnail:)``):
  /// the result's details then print only what they add.
  public var detailsShown: Movie?

  /// A renderer for `layout`; `watched` holds the keys of the movies to mark as watched.
  public init(layout: Layout, watched: Set<String>? = nil, describer: ErrorDescriber = .plain) {
    self.layout = layout
    self.watched = watched
    self.describer = describer
  }

  /// The result as text: its output, warnings and error, and the rows to stream.
  public func render(_ result: CommandResult) -> Reply {
    var renderer = self
    renderer.watched = result.watched
    return renderer.renderWithMarks(result)
  }

  private func renderWithMarks(_ result: CommandResult) -> Reply {
    // The reply carries the result's own verdict (``CommandResult/problem``); this only
    // renders the outcome.
    var reply = Reply(for: result, describer: describer)
    guard case .success(let outcome) = result.outcome else { return reply }
    reply.output = render(outcome)
    if !layout.unicode { reply.output = TerminalText.asciiMarks(in: reply.output) }
    if case .list(let shown, let status) = outcome { reply.rows = rows(shown, of: status) }
    if layout.wrapsText, Self.isProse(outcome) {
      reply.output = TextWrap.wrap(
        reply.output, toColumns: layout.width, indent: Self.indent(outcome))
    }
    if case .thumbnailsSaved(let batch) = outcome, !batch.wasCancelled {
      reply.warnings += ThumbnailSummary.failureWarnings(batch, describer: describer)
    }
    return reply
  }

  private func render(_ outcome: CommandOutcome) -> String {
    let palette = layout.palette
    switch outcome {
    case .pageLoaded(let added, let list):
      var output = ""
      if let rows = added.range {
        let table = self.table(for: list)
        // At the prompt the header goes above the first rows only; later pages continue the
        // same table.
        if rows.lowerBound == 1 || !layout.atPrompt { output += table.header() + "\n" }
        output += table.rows(added.movies, firstRow: rows.lowerBound)
      }
      return output
        + StatusLine.render(list, palette: palette, width: statusWidth, hints: layout.atPrompt)
        + "\n"
    case .nothingMoreToLoad(let list):
      return "All \(Format.grouped(list.shownCount)) movies are already loaded; "
        + "type 'list' to see them again.\n"
    case .list(let shown, let status):
      // The rows follow as a stream (``rows(_:of:)``); no rows, no header over the status
      // line's "No movies match".
      return shown.movies.isEmpty ? "" : table(for: status).header() + "\n"
    case .movie(let movie, let row, let thumbnail):
      let watched = watched?.contains(WatchEntry.key(for: movie)) == true
      let fields =
        if let known = detailsShown {
          MovieDetails.added(
            movie, over: known, palette: palette, thumbnail: thumbnail, width: statusWidth)
        } else {
          MovieDetails.render(
            movie, row: row, palette: palette, thumbnail: thumbnail, width: statusWidth)
        }
      return fields + (watched ? palette.apply(palette.dim, to: "  On the watchlist") + "\n" : "")
    case .thumbnailSaved(let saved, _):
      return ThumbnailSummary.line(for: saved) + "\n"
    case .thumbnailsSaved(let batch):
      return ThumbnailSummary.render(batch)
    case .help(let moreRemains, let orders):
      return HelpText.commands(moreRemains: moreRemains, orders: orders, width: layout.width)
    case .commandHelp(let entry, let orders):
      return HelpText.command(entry, orders: orders, width: layout.width)
    case .quit:
      return ""
    case .restarted(let added, let list):
      let view =
        StatusLine.view(list).map { line in
          (statusWidth.map { TextWrap.wrap(line, toColumns: $0) } ?? line) + "\n"
        } ?? ""
      return view + render(.pageLoaded(added, list))
    case .genres(let genres, let current):
      return Self.genreList(genres, current: current)
    case .found(let found):
      let rows = foundRows(found.matches, largestRow: found.largestRow, header: true)
      return rows + findSummary(found)
    case .link(let link, _, let opening):
      let shown = TerminalText.escape(link)
      switch opening {
      case .opened: return "Opened \(shown)\n"
      case .noOpener: return "Not opened: xdg-open is not installed. The link: \(shown)\n"
      case .refusedScheme:
        return "Not opened: only http and https links are opened. The link: \(shown)\n"
      }
    case .played, .trailer:
      return Self.renderPlaying(outcome)
    case .watched, .unwatched, .watchlist, .watchlistEntry, .resumed:
      return renderLibrary(outcome)
    case .watchedRange(let change):
      return change.sentence + "\n"
    case .sessions(let sessions, let current):
      return SessionList.render(sessions, current: current, palette: palette)
    }
  }

  /// A title in a sentence, in double quotes: a title's own commas ("Gold Rush, The") would
  /// run into the sentence's.
  static func quoted(_ title: String) -> String {
    "\"" + TerminalText.escape(title) + "\""
  }

  /// One genre a line: its id whole where `genre ID` takes it (a number), so only where
  /// every id is one; ids nobody types (Jellyfin's GUIDs) are left out, since names work.
  static func genreList(_ genres: [Genre], current: String?) -> String {
    let typed = genres.allSatisfy {
      !$0.id.isEmpty && $0.id.allSatisfy { $0.isASCII && $0.isNumber }
    }
    let idWidth = typed ? genres.map(\.id.count).max() ?? 0 : 0
    return genres.map { genre in
      let marker = genre.id == current ? " *" : ""
      let id =
        typed ? DisplayWidth.pad(genre.id, toColumns: idWidth, alignRight: true) + "  " : ""
      return id + TerminalText.escape(genre.name) + marker + "\n"
    }.joined()
  }

  /// Outcomes that print sentences rather than a table or labelled fields, wrapped to the
  /// width at a terminal (tables fit it already; their status line is wrapped on its own).
  private static func isProse(_ outcome: CommandOutcome) -> Bool {
    switch outcome {
    case .thumbnailSaved, .thumbnailsSaved, .nothingMoreToLoad, .commandHelp, .link, .watched,
      .unwatched, .played, .trailer:
      true
    default: false
    }
  }

  /// Help continues its descriptions under themselves.
  private static func indent(_ outcome: CommandOutcome) -> String {
    switch outcome {
    case .commandHelp: "  "
    default: ""
    }
  }

  var statusWidth: Int? { layout.wrapsText ? layout.width : nil }

  /// `show N`'s list fields, printed at a prompt while the details load; the rest, and the
  /// watchlist's line, come with the result.
  public func listFields(of movie: Movie, row: RowLabel, thumbnail: ThumbnailCacheState) -> String {
    let text = MovieDetails.render(
      movie, row: row, palette: layout.palette, thumbnail: thumbnail, width: statusWidth,
      detailsFollow: true)
    return layout.unicode ? text : TerminalText.asciiMarks(in: text)
  }

  /// Matches of `find` as table rows, under the table's header when `header` is true; used
  /// for each batch as a search goes on. Nothing for no matches.
  public func foundRows(_ matches: [MovieSearch.Match], largestRow: Int, header: Bool) -> String {
    guard !matches.isEmpty else { return "" }
    var needs = ColumnNeeds.unknown
    needs.measureProgress(of: matches.map(\.movie))
    let table = MovieTable(
      width: layout.width, largestRow: largestRow, palette: layout.palette, needs: needs,
      marks: marks, labelPrefix: matches[0].kind.prefix)
    return (header ? table.header() + "\n" : "")
      + matches.map { table.row($0.movie, label: $0.label.description) + "\n" }.joined()
  }

  /// The line under `find`'s matches.
  public func findSummary(_ found: FindResult) -> String {
    guard !found.failedBeforeAnyRow else { return "" }
    return layout.palette.apply(layout.palette.dim, to: TerminalText.escape(found.summary)) + "\n"
  }

  /// `list`'s rows under the header, and its status line after them.
  private func rows(_ shown: AddedRows, of status: ListStatus) -> RowStream {
    RowStream.table(
      table(for: status), movies: shown.movies, firstRow: shown.range?.lowerBound ?? 1,
      trailer: StatusLine.render(
        status, palette: layout.palette, width: statusWidth, hints: layout.atPrompt) + "\n",
      ascii: !layout.unicode)
  }

  func table(for list: ListStatus) -> MovieTable {
    MovieTable(
      width: layout.width, largestRow: list.largestRow, palette: layout.palette,
      needs: list.columns, marks: marks)
  }

  private var marks: MovieTable.Marks? {
    watched.map { MovieTable.Marks(watched: $0, symbol: layout.unicode ? "★" : "*") }
  }
}
