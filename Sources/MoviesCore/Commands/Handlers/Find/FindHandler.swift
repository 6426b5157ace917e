extension CommandContext {
  /// `find TEXT`, reporting its matches to ``found`` and its progress as it goes.
  func find(_ text: String) async throws -> Handled {
    let search = try await resolved(text)
    let current = await browser.status.query
    if let view = FilteredView.query(for: search, typed: text, from: current, source: source) {
      return try await restart(
        with: view, genreName: nil, retrying: "find \(CommandUsage.excerpt(text))")
    }
    let (outcome, warnings) = await find(search, typed: text, found: found, progress: progress)
    return Handled(outcome, warnings: warnings)
  }

  /// `find TEXT` that is not a view: a scan of the list, or the source's own search (see
  /// ``Browser/scan`` and ``Browser/serverSearch``).
  func find(
    _ search: MovieSearch, typed text: String,
    found: @escaping @Sendable ([MovieSearch.Match], Int) -> Void,
    progress: @escaping @Sendable (Int, Int) -> Void
  ) async -> (any CommandOutcome, [String]) {
    let clock = ContinuousClock()
    let start = clock.now
    let scan = await browser.find(search, found: found, progress: progress)
    // A server's page that failed is tried again by `find`, not by `more`: the list's next
    // page is not what failed.
    var failure = scan.failure
    if scan.results != nil, let source = failure as? any SourceFailure {
      failure = ListSwitchFailure(failure: source, command: "find \(CommandUsage.excerpt(text))")
    }
    let result = FindResult(
      text: text, matches: scan.matches, list: scan.list,
      elapsed: start.duration(to: clock.now), stopped: scan.stopped, failure: failure,
      results: scan.results)
    return (result, scan.warnings)
  }

  /// The search `text` asks for, its genres and services resolved to the server's ids.
  func resolved(_ text: String) async throws -> MovieSearch {
    var search = try MovieSearch(text)
    search.genreIDs = try await checkGenreFilters(of: search)
    return try await source.resolvingFilters(of: search)
  }

  /// The view a saved session's filters make again (their ids may have changed since); the
  /// query as it is when it has none.
  func reopened(_ query: MovieQuery) async throws -> MovieQuery {
    guard !query.filterText.isEmpty else { return query }
    let search = try await resolved(query.filterText)
    return FilteredView.query(
      for: search, typed: query.filterText, from: query.withoutFilters, source: source)
      ?? query.withoutFilters
  }

  /// A `genre:WORD` filter that no genre of the source's list holds can match nothing: that
  /// is said before any page is asked for, with the names, as `genre WORD` says it, instead
  /// of a full scan ending in "No movie matches". Without a list (or when it cannot be
  /// loaded) the filter is tried on the movies as it is. Returns the ids of the genres each
  /// piece names, for a server that filters by them; none without a list.
  func checkGenreFilters(of search: MovieSearch) async throws -> [[String]] {
    guard !search.genres.isEmpty, let genres = try? await genreSource?.genres(), !genres.isEmpty
    else { return [] }
    let names = genres.map { MovieSearch.fold($0.name) }
    return try search.genres.map { piece in
      let ids = zip(genres, names).filter { MovieSearch.contains($1, piece) }.map(\.0.id)
      guard !ids.isEmpty else {
        throw CommandError.unknownGenre(
          String(decoding: piece, as: UTF8.self), known: genres.map(\.name))
      }
      return ids
    }
  }
}
