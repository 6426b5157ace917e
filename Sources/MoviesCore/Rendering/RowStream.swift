/// Table rows still to be rendered, and the line printed after them.
///
/// `list` hands the loaded rows over this way instead of as text: the shell renders and
/// writes them a slice at a time, so the first lines of half a million rows show at once and
/// the whole text (some 60 MB) is never held.
public struct RowStream: Sendable, Equatable {
  let table: MovieTable
  /// The list's rows, shared with it, not copied.
  let movies: [Movie]
  let firstRow: Int
  /// Printed after the rows: the status line.
  let trailer: String
  /// True where the terminal cannot show Unicode: the program's marks (`…`, `–`, `·`) are
  /// written as ASCII (``TerminalText/asciiMarks(in:)``).
  let ascii: Bool

  init(table: MovieTable, movies: [Movie], firstRow: Int, trailer: String, ascii: Bool = false) {
    self.table = table
    self.movies = movies
    self.firstRow = firstRow
    self.trailer = trailer
    self.ascii = ascii
  }

  /// Rows rendered at a time: about 100 KB of text, a few milliseconds.
  static let sliceRows = 1_000

  /// How many lines the rows and the trailer take.
  public var lineCount: Int { movies.count + Reply.lineCount(of: trailer) }

  /// Hands the rows' text to `write` a slice at a time, then the trailer; stops when `write`
  /// returns false (the pager was closed).
  public func forEachSlice(_ write: (String) -> Bool) {
    var start = movies.startIndex
    while start < movies.endIndex {
      let end = min(start + Self.sliceRows, movies.endIndex)
      let rows = table.rows(movies[start..<end], firstRow: firstRow + start)
      guard write(ascii ? TerminalText.asciiMarks(in: rows) : rows) else { return }
      start = end
    }
    _ = write(ascii ? TerminalText.asciiMarks(in: trailer) : trailer)
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
