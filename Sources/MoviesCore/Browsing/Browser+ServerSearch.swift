/// `find` on a source that searches on its server: the matches are the server's results,
/// numbered f1, f2, … apart from the list, which the search leaves as it was.
extension Browser {
  /// `find`: the source's own search where it runs one on its server
  /// (``MovieSource/searchQuery(for:from:)``), else a scan of the list
  /// (``scan(for:found:progress:)``). One call, which returns what it found.
  public func find(
    _ search: MovieSearch,
    found: @Sendable (_ matches: [MovieSearch.Match], _ largestRow: Int) -> Void,
    progress: @Sendable (_ searched: Int, _ total: Int) -> Void
  ) async -> Scan {
    if source.capabilities.searchesOnServer,
      let server = source.searchQuery(for: search, from: list.query)
    {
      return await serverSearch(server, found: found, progress: progress)
    }
    return await scan(for: search, found: found, progress: progress)
  }

  /// Loads the query of `search`, the source's own results (see
  /// ``MovieSource/searchQuery(for:from:)``), page by page to their end, reporting the rows
  /// that pass the filters the server was not given (``ServerSearch/leftToCheck``) as each
  /// page arrives, numbered from f1. Pages are of the source's
  /// ``SourceCapabilities/searchPageSize`` where it has one, and up to
  /// ``SourceCapabilities/searchPagesAtOnce`` of them are asked for together; they join in order, with the
  /// scan's caps (its row limit, three pages in a row with no new row). The results are
  /// kept: the same search again reports the pages loaded without asking for them, then goes
  /// on where it stopped. Ctrl-C or a failed page stops the search and keeps every page
  /// loaded; the list is never touched, so `more` goes on from where it was.
  public func serverSearch(
    _ search: ServerSearch,
    found: @Sendable (_ matches: [MovieSearch.Match], _ largestRow: Int) -> Void,
    progress: @Sendable (_ searched: Int, _ total: Int) -> Void
  ) async -> Scan {
    var query = search.query
    if let size = source.capabilities.searchPageSize { query.pageSize = size }
    let filter = search.leftToCheck
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
    let source = self.source
    while scan.failure == nil, !scan.stopped, let first = results.nextPage {
      let numbers = Self.pagesAtOnce(
        from: first, total: results.totalCount, query: query,
        atOnce: source.capabilities.searchPagesAtOnce)
      await withTaskGroup(of: Arrival.self) { group in
        defer { group.cancelAll() }
        for number in numbers {
          group.addTask { [query] in
            do {
              return Arrival(
                index: number, page: .success(try await source.page(number, of: query)))
            } catch {
              return Arrival(index: number, page: .failure(error))
            }
          }
        }
        var arrived: [Int: Result<MoviePage, any Swift.Error>] = [:]
        var next = first
        while let arrival = await group.next() {
          arrived[arrival.index] = arrival.page
          // Pages join in order; a later one waits for the ones before it.
          while let result = arrived.removeValue(forKey: next) {
            next += 1
            switch result {
            case .failure(let error): stop(&scan, by: error)
            case .success(let page):
              let rows = Self.join(
                page, to: &results, limit: .resultLimit(Self.scanRowLimit), into: &scan)
              reportMatches(
                among: rows.map { results.movies[($0.lowerBound - 1)..<$0.upperBound] } ?? [])
            }
            if scan.failure != nil || scan.stopped || results.nextPage == nil { return }
            if Task.isCancelled {
              scan.stopped = true
              return
            }
          }
        }
      }
    }
    searched = results
    scan.countWarningsLeftOut()
    scan.list = list.status
    scan.results = results.status
    return scan
  }

  /// The pages to ask for together from `first`: those the server's count says exist, up to
  /// `atOnce`; only `first` when there is no count.
  static func pagesAtOnce(from first: Int, total: Int?, query: MovieQuery, atOnce: Int) -> [Int] {
    guard let total, query.pageSize > 0 else { return [first] }
    let last = max(first, (total + query.pageSize - 1) / query.pageSize)
    return Array(first...min(last, first + max(1, atOnce) - 1))
  }
}
