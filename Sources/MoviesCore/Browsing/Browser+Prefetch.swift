/// Fetching the pages after the one shown before `more` asks for them.
extension Browser {
  /// A page being fetched ahead of `more`.
  struct Prefetch {
    var page: Int
    var query: MovieQuery
    var task: Task<MoviePage, any Swift.Error>
  }

  /// How long a failed prefetch is news: one that failed since, or this shortly before,
  /// `more` asked for its page is reported rather than asked for again from scratch, which
  /// would double the wait (and its retries) for a server that is failing now.
  static let recentFailure: Duration = .seconds(30)

  /// A prefetch's failure, with when it happened.
  struct PrefetchFailure: Swift.Error {
    var error: any Swift.Error
    var time: ContinuousClock.Instant
  }

  func fetch(_ number: Int, of query: MovieQuery) async throws -> MoviePage {
    if let index = pending.firstIndex(where: { $0.page == number && $0.query == query }) {
      let task = pending.remove(at: index).task
      let asked = now()
      do {
        return try await withTaskCancellationHandler {
          try await task.value
        } onCancel: {
          task.cancel()
        }
      } catch let failure as PrefetchFailure {
        try Task.checkCancellation()
        if !(failure.error is CancellationError), failure.time > asked - Self.recentFailure {
          throw failure.error
        }
        // An older failure may have passed: the page is asked for again.
      }
    }
    return try await source.page(number, of: query)
  }

  /// Keeps `depth` pages in flight after the last one loaded, never past the end, once the
  /// browsing position is within a page of it (rows `find` loaded ahead need no prefetch).
  /// Pages already in flight are kept, so a reader who slows down wastes no request.
  func startPrefetch(depth: Int) {
    guard prefetches, let next = list.nextPage else { return cancelPrefetches() }
    guard list.movies.count - list.shownCount < list.query.pageSize else { return }
    let query = list.query
    pending.removeAll { prefetch in
      let stale = prefetch.page < next || prefetch.query != query
      if stale { prefetch.task.cancel() }
      return stale
    }
    let source = self.source
    let now = self.now
    for page in next..<(next + depth) where page == next || list.mayHavePage(page) {
      guard !pending.contains(where: { $0.page == page }) else { continue }
      let task = Task {
        do {
          return try await source.page(page, of: query)
        } catch {
          throw PrefetchFailure(error: error, time: now())
        }
      }
      pending.append(Prefetch(page: page, query: query, task: task))
    }
  }

  /// Whether a page of the current query is being fetched ahead.
  func isPrefetching(_ page: Int) -> Bool {
    pending.contains { $0.page == page && $0.query == list.query }
  }

  func cancelPrefetches() {
    for prefetch in pending { prefetch.task.cancel() }
    pending.removeAll()
  }
}
