/// Rows of the loaded list, by number: the one place a row number is checked.
extension Browser {
  /// The movie at a 1-based row number.
  public func movie(atRow row: Int) throws(Error) -> Movie {
    guard let movie = list.movie(atRow: row) else {
      throw .noSuchRow(row, loaded: list.movies.count, more: !list.isComplete)
    }
    return movie
  }

  /// The loaded rows among `rows`, with their movies.
  public func movies(atRows rows: [Int]) -> [(row: Int, movie: Movie)] {
    rows.compactMap { row in list.movie(atRow: row).map { (row, $0) } }
  }

  /// The movies of `rows`, every one of which must be loaded: the one row check.
  public func movies(checking rows: [Int]) throws(Error) -> [(row: Int, movie: Movie)] {
    try rows.map { row throws(Error) in (row, try movie(atRow: row)) }
  }

  /// The loaded rows of `range`: rows past the loaded ones are left out (the caller says
  /// so); a range that starts past them has nothing to save.
  public func loadedRows(_ range: ClosedRange<Int>) throws(Error) -> [Int] {
    _ = try movie(atRow: range.lowerBound)
    return Array(range.lowerBound...min(range.upperBound, list.movies.count))
  }

  /// The rows up to the browsing position, copied: what `list` prints.
  public func shownRows() -> AddedRows {
    AddedRows(list.shownCount > 0 ? 1...list.shownCount : nil, of: list)
  }
}
