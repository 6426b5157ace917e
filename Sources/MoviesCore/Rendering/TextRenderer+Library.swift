/// The watchlist's and `resume`'s text: confirmations, the watchlist table with its From
/// column, one entry's details, and a resumed session's first page.
extension TextRenderer {
  /// The watchlist commands and `resume`.
  func renderLibrary(_ outcome: CommandOutcome) -> String {
    let palette = layout.palette
    switch outcome {
    case .watched(let entry, let row, let added):
      let title = Self.quoted(entry.movie.title)
      return added
        ? "Added \(row.spoken()), \(title), to the watchlist.\n"
        : "\(row.spoken(capitalized: true)), \(title), is already on the watchlist.\n"
    case .unwatched(let movie, let removed):
      let title = Self.quoted(movie.title)
      return removed
        ? "Took \(title) off the watchlist.\n" : "\(title) is not on the watchlist.\n"
    case .watchlist(let entries):
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
        palette: palette, firstPage: entries.map(\.movie), labelPrefix: "w")
      let rows = entries.enumerated().map { offset, entry in
        table.row(
          entry.movie, label: RowLabel(offset + 1, .entry).description,
          last: sources ? TerminalText.escape(entry.sourceLabel) : nil)
      }
      let header = table.header(last: sources ? "From" : nil)
      let count = entries.count == 1 ? "1 movie" : "\(Format.grouped(entries.count)) movies"
      return header + "\n" + rows.joined(separator: "\n") + "\n"
        + dimmed("\(count) on the watchlist" + (layout.atPrompt ? " · show wN · unwatch wN" : ""))
        + "\n"
    case .watchlistEntry(let entry, let number):
      let source = entry.source == "offline" ? "the offline catalogue" : entry.source
      return MovieDetails.render(
        entry.movie, label: RowLabel(number, .entry).description, palette: palette,
        width: statusWidth)
        + dimmed("  On the watchlist, from \(TerminalText.escape(source))", indent: "  ")
        + "\n"
    case .resumed(let added, let list):
      var output = ""
      if let rows = added.range {
        let table = self.table(for: list)
        output += table.header() + "\n"
        output += table.rows(added.movies, firstRow: rows.lowerBound)
      }
      return output + StatusLine.resumed(list) + "\n"
        + StatusLine.render(list, palette: palette, hints: layout.atPrompt)
        + "\n"
    default:
      return ""
    }
  }

  /// A dim line, wrapped at spaces to the width at a terminal (later lines after `indent`),
  /// each line dimmed on its own.
  private func dimmed(_ text: String, indent: String = "") -> String {
    let palette = layout.palette
    guard let width = statusWidth else { return palette.apply(palette.dim, to: text) }
    return TextWrap.wrap(text, toColumns: width, indent: indent).split(separator: "\n")
      .map { palette.apply(palette.dim, to: String($0)) }.joined(separator: "\n")
  }

}
