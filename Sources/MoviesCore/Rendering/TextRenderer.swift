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
  /// True when a command's rows were printed as they came (`find`'s, by the shell): its
  /// result then renders only what follows them.
  public var rowsPrinted = false

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
    reply.output = outcome.text(self)
    if !layout.unicode { reply.output = TerminalText.asciiMarks(in: reply.output) }
    reply.rows = outcome.textRows(self)
    if layout.wrapsText, let indent = outcome.proseIndent {
      reply.output = TextWrap.wrap(reply.output, toColumns: layout.width, indent: indent)
    }
    reply.warnings += outcome.textWarnings(self)
    return reply
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

  var statusWidth: Int? { layout.wrapsText ? layout.width : nil }

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
  func rows(_ shown: AddedRows, of status: ListStatus) -> RowStream {
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

  var marks: MovieTable.Marks? {
    watched.map { MovieTable.Marks(watched: $0, symbol: layout.unicode ? "★" : "*") }
  }

  /// A dim line, wrapped at spaces to the width at a terminal (later lines after `indent`),
  /// each line dimmed on its own.
  func dimmed(_ text: String, indent: String = "") -> String {
    let palette = layout.palette
    guard let width = statusWidth else { return palette.apply(palette.dim, to: text) }
    return TextWrap.wrap(text, toColumns: width, indent: indent).split(separator: "\n")
      .map { palette.apply(palette.dim, to: String($0)) }.joined(separator: "\n")
  }
}
