/// `find` on a source that searches on its server: the source's matches become the list.
extension Browser {
  /// Switches the list to `query`, the source's own matches for the search (see
  /// ``MovieSource/searchQuery(for:from:)``), and loads it page by page to its end, reporting
  /// the rows that pass the filters the server did not apply (genre, rating, a range of
  /// years) as each page arrives. The old list stays until the first page is in, and when
  /// it has no rows; Ctrl-C or a failed page stops the search and keeps every page that
  /// joined.
  public func serverSearch(
    _ query: MovieQuery, filtering search: MovieSearch,
    found: @Sendable (_ matches: [MovieSearch.Match], _ largestRow: Int) -> Void,
    progress: @Sendable (_ searched: Int, _ total: Int) -> Void
  ) async -> Scan {
    var filter = search
    filter.words = []  // the server matched the titles, perhaps by other titles of the film
    if query.releaseYear != nil { filter.years = nil }
    var scan = Scan()
    do {
      cancelPrefetches()
      let first = try await source.page(1, of: query)
      try Task.checkCancellation()
      // No match leaves the list the user was browsing.
      guard first.rowCount > 0 else {
        scan.list = list.status
        return scan
      }
      var load: Load? = adopt(first, of: query)
      while let loaded = load {
        note(loaded.warnings, in: &scan)
        let added = loaded.added
        let matches = added.range.map { filter.matches(in: added.movies, firstRow: $0.lowerBound) }
        report(matches ?? [], into: &scan, found: found, progress: progress)
        if Task.isCancelled {
          scan.stopped = true
          break
        }
        load = try await loadNextPage()
      }
    } catch {
      stop(&scan, by: error)
    }
    if scan.warningsLeftOut > 0 {
      scan.warnings.append("… and \(Format.grouped(scan.warningsLeftOut)) more such warnings.")
    }
    scan.list = list.status
    return scan
  }

  private func note(_ warnings: [String], in scan: inout Scan) {
    for warning in warnings {
      if scan.warnings.count < Self.warningLimit {
        scan.warnings.append(warning)
      } else {
        scan.warningsLeftOut += 1
      }
    }
  }
}
