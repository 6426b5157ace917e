/// `resume`: a saved query reopened at the depth it had.
extension Browser {
  /// At most this many pages are fetched at once while resuming.
  static let resumeConcurrency = 6

  /// Loads pages 1 onwards of `query` until `rows` rows are there (or the query ends), several
  /// at a time, and only then replaces the list, so a failure or Ctrl-C changes nothing.
  /// After page 1, pages are asked for as large as a scan's (``ScanPlan/resumeRequests``):
  /// a deep list comes back in about a hundred requests, not one per page.
  /// Returns the rows of the last page, the one a resume prints.
  public func resume(with query: MovieQuery, genreName: String? = nil, rows: Int) async throws
    -> Load
  {
    cancelPrefetches()
    let source = self.source
    let first = try await source.page(1, of: query)
    let rows = min(rows, SavedSession.maximumRows)
    var wanted = max(1, (rows + query.pageSize - 1) / query.pageSize)
    if let total = first.totalCount {
      wanted = min(wanted, max(1, (total + query.pageSize - 1) / query.pageSize))
    }
    let requests = ScanPlan.resumeRequests(wanted: wanted, pageSize: query.pageSize)
    var pages: [Int: MoviePage] = [:]
    try await withThrowingTaskGroup(of: (Int, MoviePage).self) { group in
      var next = 0
      func startNext() {
        guard next < requests.count else { return }
        let (index, request) = (next, requests[next])
        var pageQuery = query
        pageQuery.pageSize = request.pageSize
        group.addTask { (index, try await source.page(request.page, of: pageQuery)) }
        next += 1
      }
      for _ in 0..<Self.resumeConcurrency { startNext() }
      while let (index, page) = try await group.next() {
        pages[index] = page
        startNext()
      }
    }
    try Task.checkCancellation()
    var fresh = MovieList(query: query, genreName: genreName)
    var change = fresh.add(first)
    var warnings = first.warnings + Self.notes(on: change, query: query)
    var lastRows = change.rows
    for (index, request) in requests.enumerated() {
      guard !fresh.isComplete, let page = pages[index] else { break }
      // A server that caps the page size sent fewer rows than a large page holds: the
      // rows after them would not be where their pages start, so the list ends here.
      if request.spans > 1, page.rowCount < request.pageSize, page.rowCount > 0 { break }
      change = fresh.add(page, spanning: request.spans)
      warnings += page.warnings + Self.notes(on: change, query: query)
      lastRows =
        change.rows.map { rows in
          // The last list page's rows, the one a resume prints, even out of a large page.
          max(rows.lowerBound, rows.upperBound - query.pageSize + 1)...rows.upperBound
        } ?? lastRows
    }
    fresh.showLoaded()
    list = fresh
    stack = []
    startPrefetch(depth: 1)
    return Load(added: AddedRows(lastRows, of: list), warnings: warnings, status: list.status)
  }
}
