/// `find`: searching the loaded rows, then the rest of the list as it loads.
extension Browser {
  /// What a search found, and how far it got.
  public struct Scan: Sendable {
    /// Every matching row, in row order.
    public var matches: [MovieSearch.Match] = []
    /// True when Ctrl-C stopped the scan before the end of the list.
    public var stopped = false
    /// The failure that stopped the scan, when a page could not be loaded.
    public var failure: (any Swift.Error)?
    /// Skipped or repeated rows and changed counts met while loading: the first
    /// ``warningLimit``, then one line counting the rest.
    public var warnings: [String] = []
    /// Warnings past the limit, not kept.
    var warningsLeftOut = 0
    /// Pages in a row that added no row (every one already listed).
    var pagesWithoutNewRows = 0
    /// The list after the search: every page a scan loaded has joined it.
    public var list = ListStatus(query: MovieQuery())
    /// The server's results, when the source searched on its server (the list is then as
    /// it was).
    public var results: ListStatus?

    /// Ends the warnings with one line counting those left out, if any were.
    mutating func countWarningsLeftOut() {
      guard warningsLeftOut > 0 else { return }
      warnings.append("… and \(Format.grouped(warningsLeftOut)) more such warnings.")
    }
  }

  /// How many warnings a scan keeps: a hostile server could send one per row of every page.
  static let warningLimit = 20
  /// The most rows one scan loads: a server whose list never ends (a `totalCount` of a
  /// billion, or one that grows with every page) would otherwise fill memory. Ten times
  /// the IMDb catalogue fits.
  public static let scanRowLimit = SavedSession.maximumRows
  /// A scan stops after this many pages in a row that add no row: a server sending the
  /// same page forever would otherwise be asked forever.
  static let pagesWithoutNewRowsLimit = 3

  /// Why a scan stopped before the end of a list that would not end.
  public enum ScanStop: Swift.Error, Sendable, Equatable, UserFacingError {
    case rowLimit(Int)
    /// The same limit, met by a search the source ran on its server.
    case resultLimit(Int)
    case noNewRows(pages: Int)

    /// The code `--json` reports it with.
    public var code: ErrorCode { .source }

    /// What went wrong and, where a command helps, what to type.
    public var message: String {
      switch self {
      case .rowLimit(let limit):
        "find stopped before loading more than \(Format.grouped(limit)) movies, the most one "
          + "search loads, and the list goes on; 'genre NAME' browses one genre, where find "
          + "searches fewer."
      case .resultLimit(let limit):
        "find stopped before loading more than \(Format.grouped(limit)) search results, the "
          + "most one search loads; more words narrow it."
      case .noNewRows(let pages):
        "The server sent \(pages) pages in a row with no movie that was not listed already, "
          + "so find stopped there; they may never end."
      }
    }
  }

  /// Searches the loaded rows, reporting their matches at once, then loads the rest of the
  /// list and searches each page as it arrives. Loaded pages join the list, so `more`,
  /// `show N` and `thumb N` go on from there. Pages are asked for larger than the list's page
  /// size and several at a time (see ``ScanPlan``), and parsed while the next are in flight;
  /// they join the list in order. Cancelling, or a page that fails, stops the scan and keeps
  /// every page that joined the list.
  ///
  /// - Parameters:
  ///   - found: each batch of matches, with the largest row number the table must fit.
  ///   - progress: movies searched so far, and the server's count (0 when unknown).
  public func scan(
    for search: MovieSearch,
    found: @Sendable (_ matches: [MovieSearch.Match], _ largestRow: Int) -> Void,
    progress: @Sendable (_ searched: Int, _ total: Int) -> Void
  ) async -> Scan {
    var scan = Scan()
    defer { startPrefetch(depth: 1) }
    report(search.matches(in: list), of: list, into: &scan, found: found, progress: progress)
    // The pages fetched ahead of `more` join first, so no row is asked for twice.
    while let next = list.nextPage, isPrefetching(next), !scan.stopped, scan.failure == nil {
      do {
        join(try await fetch(next, of: list.query), spans: 1, search, into: &scan, found, progress)
      } catch {
        stop(&scan, by: error)
      }
    }
    cancelPrefetches()
    var factor = ScanPlan.factor(pageSize: list.query.pageSize)
    while !list.isComplete, !scan.stopped, scan.failure == nil {
      let before = list.movies.count
      guard let next = await scanStep(search, factor: factor, into: &scan, found, progress) else {
        break
      }
      // A plan that ran out without adding a row would only ask for the same again.
      if next == factor && list.movies.count == before { break }
      factor = next
    }
    scan.countWarningsLeftOut()
    scan.list = list.status
    return scan
  }

  /// Runs one plan; returns the factor to plan with next, or nil when the scan is over.
  private func scanStep(
    _ search: MovieSearch, factor: Int, into scan: inout Scan,
    _ found: @Sendable ([MovieSearch.Match], Int) -> Void,
    _ progress: @Sendable (Int, Int) -> Void
  ) async -> Int? {
    let query = list.query
    let plan = ScanPlan(
      loadedPages: list.loadedPages, pageSize: query.pageSize, factor: factor,
      totalCount: list.totalCount)
    let source = self.source
    return await withTaskGroup(of: Arrival.self) { group in
      defer { group.cancelAll() }
      var requests: [ScanPlan.Request] = []
      var arrived: [Int: Result<MoviePage, any Swift.Error>] = [:]
      var nextToJoin = 0
      var planEnded = false
      while true {
        // Keep the window full: requests past the next page to join are in flight.
        while !planEnded, requests.count < nextToJoin + ScanPlan.window {
          guard let request = plan.request(requests.count) else {
            planEnded = true
            break
          }
          let index = requests.count
          requests.append(request)
          let pageQuery = MovieQuery(
            genreID: query.genreID, order: query.order, pageSize: request.pageSize)
          group.addTask { [index, request, pageQuery] in
            do {
              return Arrival(
                index: index, page: .success(try await source.page(request.page, of: pageQuery)))
            } catch {
              return Arrival(index: index, page: .failure(error))
            }
          }
        }
        guard let arrival = await group.next() else { return factor }
        arrived[arrival.index] = arrival.page
        // Pages join the list in order; a later one waits for the ones before it.
        while let result = arrived.removeValue(forKey: nextToJoin) {
          let request = requests[nextToJoin]
          nextToJoin += 1
          let page: MoviePage
          switch result {
          case .success(let loaded): page = loaded
          case .failure(let error):
            stop(&scan, by: error)
            return nil
          }
          if request.spans > 1, page.rowCount < request.pageSize, !ends(with: page) {
            // The server caps the page size: its rows may not sit where a page of the size
            // asked for would, so the page is dropped and asked for again in smaller pages.
            return ScanPlan.powerOfTwo(atMost: page.rowCount / query.pageSize)
          }
          join(page, spans: request.spans, search, into: &scan, found, progress)
          if list.isComplete || scan.failure != nil { return nil }
          if Task.isCancelled {
            scan.stopped = true
            return nil
          }
        }
      }
    }
  }

  /// A page request's answer, by its place in the plan. (A struct, not a tuple: a release
  /// build of Swift 6.3 read a tuple's integer from a task group's result wrongly.)
  struct Arrival: Sendable {
    var index: Int
    var page: Result<MoviePage, any Swift.Error>
  }

  /// Adds a page to the list and reports the matches among its rows.
  private func join(
    _ page: MoviePage, spans: Int, _ search: MovieSearch, into scan: inout Scan,
    _ found: @Sendable ([MovieSearch.Match], Int) -> Void,
    _ progress: @Sendable (Int, Int) -> Void
  ) {
    let added =
      Self.join(
        page, spanning: spans, to: &list, limit: .rowLimit(Self.scanRowLimit), into: &scan
      ).map { rows in
        search.matches(
          in: list.movies[(rows.lowerBound - 1)..<rows.upperBound], firstRow: rows.lowerBound)
      } ?? []
    report(added, of: list, into: &scan, found: found, progress: progress)
  }

  /// Adds a page to `movies` (the list, or a server search's results) as a search does:
  /// past ``scanRowLimit`` rows it stops with `limit` and adds nothing; the third page in a
  /// row that adds no row stops it; the first ``warningLimit`` warnings are kept, the rest
  /// counted. Returns the rows added; nil for none.
  static func join(
    _ page: MoviePage, spanning spans: Int = 1, to movies: inout MovieList, limit: ScanStop,
    into scan: inout Scan
  ) -> ClosedRange<Int>? {
    guard movies.movies.count + page.rowCount <= scanRowLimit else {
      scan.failure = limit
      return nil
    }
    let change = movies.add(page, spanning: spans)
    scan.pagesWithoutNewRows = change.rows == nil ? scan.pagesWithoutNewRows + 1 : 0
    if scan.pagesWithoutNewRows >= pagesWithoutNewRowsLimit, !movies.isComplete {
      scan.failure = ScanStop.noNewRows(pages: scan.pagesWithoutNewRows)
    }
    for warning in page.warnings + notes(on: change, query: movies.query) {
      if scan.warnings.count < warningLimit {
        scan.warnings.append(warning)
      } else {
        scan.warningsLeftOut += 1
      }
    }
    return change.rows
  }

  /// Ctrl-C stops a scan quietly; any other failure is reported.
  func stop(_ scan: inout Scan, by error: any Swift.Error) {
    if Task.isCancelled || error is CancellationError {
      scan.stopped = true
    } else {
      scan.failure = error
    }
  }

  /// Whether a page is the list's last: it is empty, or it reaches the server's count.
  private func ends(with page: MoviePage) -> Bool {
    if page.rowCount == 0 { return true }
    guard let total = page.totalCount ?? list.totalCount else { return false }
    return list.rowsReceived + page.rowCount >= total
  }

  /// Reports matches among the rows of `movies` (the list, or a server search's results),
  /// and how far the search is through them.
  func report(
    _ matches: [MovieSearch.Match], of movies: MovieList, into scan: inout Scan,
    found: @Sendable ([MovieSearch.Match], Int) -> Void,
    progress: @Sendable (Int, Int) -> Void
  ) {
    if !matches.isEmpty {
      scan.matches += matches
      found(matches, movies.status.largestRow)
    }
    progress(movies.movies.count, movies.totalCount ?? 0)
  }
}
