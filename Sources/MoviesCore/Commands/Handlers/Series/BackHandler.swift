/// `back`: the list before, as it was left.
extension CommandContext {
  /// `back`: returns to the list the one shown was opened from, at its row and depth, with
  /// nothing loaded again.
  func back() async throws -> Handled {
    let back = try await browser.back()
    return Handled(Returned(rows: back.rows, list: back.status, row: back.row))
  }
}

/// `back` came back to a list: the page of rows around the one gone into, and the status
/// line.
struct Returned: CommandOutcome {
  /// The rows shown again.
  var rows: AddedRows
  /// The list come back to.
  var list: ListStatus
  /// The row it was left from.
  var row: Int?

  func text(_ renderer: TextRenderer) -> String {
    var output = ""
    if let range = rows.range {
      let table = renderer.table(for: list)
      output += table.header() + "\n" + table.rows(rows.movies, firstRow: range.lowerBound)
    }
    return output
      + StatusLine.render(
        list, palette: renderer.layout.palette, width: renderer.statusWidth,
        hints: renderer.layout.atPrompt) + "\n"
  }

  var listAfter: ListStatus? { list }

  var shownMovies: [Movie]? { rows.movies }

  func jsonFields(_ fields: JSONFields) -> JSONObject {
    var object = JSONFields.list(list)
    object["back_to_row"] = row.map { .int($0) } ?? .null
    return object
  }

  func jsonRows(_ fields: JSONFields) -> JSONRenderer.Rows? {
    let first = rows.range?.lowerBound ?? 1
    return fields.movieRows(rows.movies.count) { (first + $0, rows.movies[$0]) }
  }

  /// The rows shown again are in view; the old list's numbers mean its rows again.
  func record(in view: inout ViewState.State, query: MovieQuery) {
    view.rows = .rows(rows.range.map(Array.init) ?? [])
    view.rowsAreMatches = false
  }
}
