/// `find` and `similar`: the matches under the table's header, then the summary.
extension FindResult: CommandOutcome {
  /// The rows, unless they were printed as they were found (``TextRenderer/rowsPrinted``):
  /// the table is rendered once.
  public func text(_ renderer: TextRenderer) -> String {
    let rows =
      renderer.rowsPrinted
      ? "" : renderer.foundRows(matches, largestRow: largestRow, header: true)
    return rows + renderer.findSummary(self)
  }

  /// Its keys in the JSON object.
  public func jsonFields(_ fields: JSONFields) -> JSONObject {
    var object = JSONFields.list(list)
    object["text"] = .string(text)
    object["stopped"] = .bool(stopped)
    object["seconds"] = .number(JSONFields.seconds(elapsed))
    if let results {
      object["results"] = .object([
        "loaded": .int(results.loadedCount), "total": .int(results.totalCount),
        "complete": .bool(results.isComplete),
      ])
    }
    return object
  }

  /// Its rows in the JSON object.
  public func jsonRows(_ fields: JSONFields) -> JSONRenderer.Rows? {
    guard results != nil else {
      return fields.movieRows(matches.count) { (matches[$0].row, matches[$0].movie) }
    }
    // A server search's matches are not rows of the list: each says its `match`, f1….
    let watched = fields.watched
    return JSONRenderer.Rows(key: "rows", count: matches.count) { place in
      let match = matches[place]
      let isWatched = watched?.contains(WatchEntry.key(for: match.movie)) ?? false
      var object = JSONFields.movieFields(match.movie, row: match.row, watched: isWatched)
      object["match"] = .string(match.label.description)
      return .object(object)
    }
  }

  /// The list after the command.
  public var listAfter: ListStatus? { list }

  /// The movies it shows, for their watched marks.
  public var shownMovies: [Movie]? { matches.map(\.movie) }

  /// Its matches are in view; no match leaves the view as it was, and with it a server
  /// search's f1, f2, …
  public func record(in view: inout ViewState.State, query: MovieQuery) {
    guard !matches.isEmpty else { return }
    if results == nil {
      view.rows = .rows(matches.map(\.row))
    } else {
      view.rows = .matches(count: matches.count)
      view.matches = matches.map(\.movie)
    }
    view.rowsAreMatches = true
  }

  /// What stopped it part-way.
  public var problem: (any Error)? {
    if let failure { return failure }
    return stopped ? Self.stoppedProblem : nil
  }
}
