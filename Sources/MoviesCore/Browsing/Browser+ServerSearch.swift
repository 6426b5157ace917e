/// `find` on a source that searches on its server: the matches are the server's results,
/// numbered f1, f2, … apart from the list, which the search leaves as it was.
extension Browser {
  /// Loads `query`, the source's own results for the search (see
  /// ``MovieSource/searchQuery(for:from:)``), page by page to their end, reporting the rows
  /// that pass the filters the server did not apply (genre, rating, a range of years) as each
  /// page arrives, numbered from f1. The results are kept: the same search again reports the
  /// pages loaded without asking for them, then goes on where it stopped. Ctrl-C or a failed
  /// page stops the search and keeps every page loaded; the list is never touched, so `more`
  /// goes on from where it was.
  public func serverSearch(
    _ query: MovieQuery, filtering search: MovieSearch,
    found: @Sendable (_ matches: [MovieSearch.Match], _ largestRow: Int) -> Void,
    progress: @Sendable (_ searched: Int, _ total: Int) -> Void
  ) async -> Scan {
    var filter = search
    filter.words = []  // the server matched the titles, perhaps by other titles of the film
    if query.releaseYears != nil { filter.years = nil }
    var results = searched.flatMap { $0.query == query ? $0 : nil } ?? MovieList(query: query)
    var scan = Scan()
    // Matches are numbered in the order found, f1 first, whatever their place in the results.
    func reportMatches(among rows: ArraySlice<Movie>) {
      let first = scan.matches.count + 1
      let matches = rows.filter(filter.matches).enumerated().map {
        MovieSearch.Match(row: first + $0, movie: $1, kind: .match)
      }
      report(matches, of: results, into: &scan, found: found, progress: progress)
    }
    reportMatches(among: results.movies[...])
    do {
      while scan.failure == nil, let number = results.nextPage {
        let page = try await source.page(number, of: query)
        try Task.checkCancellation()
        let rows = Self.join(
          page, to: &results, limit: .resultLimit(Self.scanRowLimit), into: &scan)
        reportMatches(among: rows.map { results.movies[($0.lowerBound - 1)..<$0.upperBound] } ?? [])
      }
    } catch {
      stop(&scan, by: error)
    }
    searched = results
    scan.countWarningsLeftOut()
    scan.list = list.status
    scan.results = results.status
    return scan
  }
}
