/// Rows still to be rendered, and the text printed after them.
///
/// `list` hands the loaded rows over this way instead of as text, and `--json` the rows of
/// `more`, `list`, `find` and `watchlist`: the shell renders and writes them a slice at a
/// time, so the first lines of half a million rows show at once and the whole text (some 60
/// MB of table, more of JSON) is never held.
public struct RowStream: Sendable {
  /// How many rows.
  let count: Int
  /// The lines the rows take (one a row in a table, none of their own in JSON).
  let rowLines: Int
  /// The text of the rows at these places (from 0).
  let render: @Sendable (Range<Int>) -> String
  /// Printed after the rows: the status line, or the rest of the JSON object.
  let trailer: String

  init(
    count: Int, rowLines: Int, trailer: String,
    render: @escaping @Sendable (Range<Int>) -> String
  ) {
    self.count = count
    self.rowLines = rowLines
    self.trailer = trailer
    self.render = render
  }

  /// Table rows numbered from `firstRow`. `ascii`: where the terminal cannot show Unicode,
  /// the program's marks (`…`, `–`, `·`) are written as ASCII
  /// (``TerminalText/asciiMarks(in:)``).
  static func table(
    _ table: MovieTable, movies: [Movie], firstRow: Int, trailer: String, ascii: Bool = false
  ) -> RowStream {
    RowStream(
      count: movies.count, rowLines: movies.count,
      trailer: ascii ? TerminalText.asciiMarks(in: trailer) : trailer
    ) { places in
      let rows = table.rows(movies[places], firstRow: firstRow + places.lowerBound)
      return ascii ? TerminalText.asciiMarks(in: rows) : rows
    }
  }

  /// Rows rendered at a time: about 100 KB of table text, a few milliseconds.
  static let sliceRows = 1_000

  /// How many lines the rows and the trailer take.
  public var lineCount: Int { rowLines + Reply.lineCount(of: trailer) }

  /// Hands the rows' text to `write` a slice at a time, then the trailer; stops when `write`
  /// returns false (the pager was closed).
  public func forEachSlice(_ write: (String) -> Bool) {
    var start = 0
    while start < count {
      let end = min(start + Self.sliceRows, count)
      guard write(render(start..<end)) else { return }
      start = end
    }
    _ = write(trailer)
  }

  /// The whole text at once.
  public var text: String {
    var text = ""
    forEachSlice {
      text += $0
      return true
    }
    return text
  }
}
