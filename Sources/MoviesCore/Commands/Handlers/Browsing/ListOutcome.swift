/// What a command that pages through the list or starts another one did: each shows the rows
/// it added under the table's header, and the status line.
enum ListOutcome: CommandOutcome {
  /// `more` loaded a page: the rows it added, and the list after it.
  case pageLoaded(AddedRows, ListStatus)
  /// `more` when everything is loaded: no request was made.
  case nothingMoreToLoad(ListStatus)
  /// `list`: the rows up to the browsing position (not those `find` loaded ahead of it).
  case list(AddedRows, ListStatus)
  /// `genre` or `order` restarted the list and loaded its first page.
  case restarted(AddedRows, ListStatus)
  /// `resume` reopened the saved query: the rows of its last page, and the list.
  case resumed(AddedRows, ListStatus)

  /// The rows the outcome shows; nil for `more` with nothing left.
  var added: AddedRows? {
    switch self {
    case .pageLoaded(let added, _), .list(let added, _), .restarted(let added, _),
      .resumed(let added, _):
      added
    case .nothingMoreToLoad: nil
    }
  }

  var listAfter: ListStatus? {
    switch self {
    case .pageLoaded(_, let status), .nothingMoreToLoad(let status), .list(_, let status),
      .restarted(_, let status), .resumed(_, let status):
      status
    }
  }

  func text(_ renderer: TextRenderer) -> String {
    let layout = renderer.layout
    let palette = layout.palette
    switch self {
    case .restarted(let added, let list):
      // A view of find's filters says first what it is: its filters, and any minimum the
      // source added.
      let view =
        StatusLine.view(list).map { line in
          (renderer.statusWidth.map { TextWrap.wrap(line, toColumns: $0) } ?? line) + "\n"
        } ?? ""
      return view + ListOutcome.pageLoaded(added, list).text(renderer)
    case .pageLoaded(let added, let list):
      var output = ""
      if let rows = added.range {
        let table = renderer.table(for: list)
        // At the prompt the header goes above the first rows only; later pages continue the
        // same table.
        if rows.lowerBound == 1 || !layout.atPrompt { output += table.header() + "\n" }
        output += table.rows(added.movies, firstRow: rows.lowerBound)
      }
      return output
        + StatusLine.render(
          list, palette: palette, width: renderer.statusWidth, hints: layout.atPrompt)
        + "\n"
    case .nothingMoreToLoad(let list):
      return "All \(Format.grouped(list.shownCount)) movies are already loaded; "
        + "type 'list' to see them again.\n"
    case .list(let shown, let status):
      // The rows follow as a stream (``textRows(_:)``); no rows, no header over the status
      // line's "No movies match".
      return shown.movies.isEmpty ? "" : renderer.table(for: status).header() + "\n"
    case .resumed(let added, let list):
      var output = ""
      if let rows = added.range {
        let table = renderer.table(for: list)
        output += table.header() + "\n"
        output += table.rows(added.movies, firstRow: rows.lowerBound)
      }
      return output + StatusLine.resumed(list) + "\n"
        + StatusLine.render(list, palette: palette, hints: layout.atPrompt)
        + "\n"
    }
  }

  func textRows(_ renderer: TextRenderer) -> RowStream? {
    guard case .list(let shown, let status) = self else { return nil }
    return renderer.rows(shown, of: status)
  }

  var proseIndent: String? {
    if case .nothingMoreToLoad = self { return "" }
    return nil
  }

  func jsonFields(_ fields: JSONFields) -> JSONObject {
    guard let listAfter else { return [:] }
    var object = JSONFields.list(listAfter)
    if case .resumed = self { object["resumed"] = .bool(true) }
    return object
  }

  func jsonRows(_ fields: JSONFields) -> JSONRenderer.Rows? {
    guard let added else { return JSONRenderer.Rows(key: "rows", count: 0) { _ in .null } }
    let first = added.range?.lowerBound ?? 1
    return fields.movieRows(added.movies.count) { (first + $0, added.movies[$0]) }
  }

  var shownMovies: [Movie]? { added?.movies }

  /// A page puts its rows in view; one that starts another list (even with no rows: `skip`
  /// past a switch's failed first page) leaves none of the old ones, whose numbers now mean
  /// other movies. `more` with nothing left leaves the view as it was.
  func record(in view: inout ViewState.State, query: MovieQuery) {
    guard let added, let listAfter else { return }
    if let rows = added.range {
      view.rows = .rows(Array(rows))
    } else if listAfter.query != query {
      view.rows = .rows([])
    }
    view.rowsAreMatches = false
  }
}
