/// The lists under the one shown: `episodes N` goes into a series' season and `back` comes out
/// again, to the list as it was left (its rows, its depth, the row gone into), with nothing
/// asked of the source again.
extension Browser {
  /// A list the browser went from into another, kept whole for `back`.
  struct Stacked: Sendable {
    /// The list, its rows, paging and browsing position as they were.
    var list: MovieList
    /// Its server search's results, so `find` again asks for none of their pages.
    var searched: MovieList?
    /// The row the next list was opened from (`episodes 3`), which `back` shows again.
    var row: Int?
  }

  /// What `back` brought back: the list, the page of rows around the one gone into, and
  /// that row.
  public struct Return: Sendable {
    /// The rows shown again: the page holding ``row``, up to the browsing position.
    public var rows: AddedRows
    /// The list come back to.
    public var status: ListStatus
    /// The row the list was left from, when it was one of its rows.
    public var row: Int?
  }

  /// The most lists kept under the one shown; going in deeper lets the oldest go.
  static let deepestStack = 20

  /// How many lists `back` can return to.
  public var listsBelow: Int { stack.count }

  /// Goes into another list from this one: loads the first page of `query` and only then
  /// keeps this list (from `row`) under it, so a failure or Ctrl-C leaves everything as it was.
  public func push(
    _ query: MovieQuery, from row: Int?, genreName: String? = nil
  ) async throws -> Load {
    cancelPrefetches()
    let page = try await source.page(1, of: query)
    try Task.checkCancellation()
    let below = Stacked(list: list, searched: searched, row: row)
    let load = adopt(page, of: query, genreName: genreName)
    stack = Array((stack + [below]).suffix(Self.deepestStack))
    searched = nil
    return load
  }

  /// Returns to the list before, exactly as it was left; nothing is asked of the source (the
  /// next `more` fetches its next page). Throws when no list is under this one.
  public func back() throws(Error) -> Return {
    guard let below = stack.popLast() else { throw .nothingBehind }
    cancelPrefetches()
    list = below.list
    searched = below.searched
    forgetLoads()
    let shown = list.shownCount
    var rows: ClosedRange<Int>?
    if shown > 0 {
      let row = min(max(below.row ?? shown, 1), shown)
      let first = (row - 1) / list.query.pageSize * list.query.pageSize + 1
      rows = first...min(shown, first + list.query.pageSize - 1)
    }
    return Return(rows: AddedRows(rows, of: list), status: list.status, row: below.row)
  }
}
