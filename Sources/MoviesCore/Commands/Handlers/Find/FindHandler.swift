extension CommandContext {
  /// `find TEXT`, reporting its matches to ``found`` and its progress as it goes.
  func find(_ text: String) async throws -> Handled {
    let (outcome, warnings) = try await find(text, found: found, progress: progress)
    return Handled(outcome, warnings: warnings)
  }

  /// `find TEXT`: a scan of the list, or the source's own search (see ``Browser/scan`` and
  /// ``Browser/serverSearch``).
  func find(
    _ text: String, found: @escaping @Sendable ([MovieSearch.Match], Int) -> Void,
    progress: @escaping @Sendable (Int, Int) -> Void
  ) async throws -> (any CommandOutcome, [String]) {
    var search = try MovieSearch(text)
    search.genreIDs = try await checkGenreFilters(of: search)
    search = try await source.resolvingFilters(of: search)
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
