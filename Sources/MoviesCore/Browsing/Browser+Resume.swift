/// `resume`: a saved query reopened at the depth it had.
extension Browser {
  /// At most this many pages are fetched at once while resuming.
  static let resumeConcurrency = 6

  /// Loads pages 1 onwards of `query` until `rows` rows are there (or the query ends), several
  /// at a time, and only then replaces the list, so a failure or Ctrl-C changes nothing.
  /// Returns the rows of the last page, the one a resume prints.
  public func resume(with query: MovieQuery, genreName: String? = nil, rows: Int) async throws
    -> Load
  {
    cancelPrefetches()
    let source = self.source
    let first = try await source.page(1, of: query)
    var wanted = max(1, (rows + query.pageSize - 1) / query.pageSize)
    if let total = first.totalCount {
      wanted = min(wanted, max(1, (total + query.pageSize - 1) / query.pageSize))
    }
    var pages: [Int: MoviePage] = [1: first]
    if wanted > 1 {
      try await withThrowingTaskGroup(of: (Int, MoviePage).self) { group in
        var next = 2
        func startNext() {
          guard next <= wanted else { return }
          let number = next
          group.addTask { (number, try await source.page(number, of: query)) }
          next += 1
        }
        for _ in 0..<Self.resumeConcurrency { startNext() }
        while let (number, page) = try await group.next() {
          pages[number] = page
          startNext()
        }
      }
    }
    try Task.checkCancellation()
    var fresh = MovieList(query: query, genreName: genreName)
    var lastRows: ClosedRange<Int>?
    var warnings: [String] = []
    for number in 1...wanted {
      guard fresh.nextPage == number, let page = pages[number] else { break }
      let change = fresh.add(page)
      warnings += page.warnings + Self.notes(on: change, query: query)
      lastRows = change.rows ?? lastRows
    }
    fresh.showLoaded()
    list = fresh
    startPrefetch(depth: 1)
    return Load(added: AddedRows(lastRows, of: list), warnings: warnings, status: list.status)
  }
}
