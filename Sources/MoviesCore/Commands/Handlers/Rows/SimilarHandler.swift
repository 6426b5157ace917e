/// `similar N` and `similar fN`: the films the source names as like one, numbered f1, f2, …
/// as a server search's matches are, so `show f2` and the other row commands act on them.
extension CommandContext {
  func similar(_ movie: Movie, row: RowLabel) async throws -> (any CommandOutcome, [String]) {
    guard source.capabilities.findsSimilar else { throw SourceRefusal.noSimilar }
    let clock = ContinuousClock()
    let start = clock.now
    let page: MoviePage
    do {
      page = try await source.similar(to: movie)
    } catch let failure as any SourceFailure {
      throw ListSwitchFailure(failure: failure, command: "similar \(row)")
    }
    var results = MovieList(
      query: MovieQuery(genreID: "", order: "", pageSize: max(1, page.movies.count)))
    _ = results.add(MoviePage(movies: page.movies, totalCount: page.movies.count))
    let matches = page.movies.enumerated().map { place, film in
      MovieSearch.Match(row: place + 1, movie: film, kind: .match)
    }
    let found = FindResult(
      text: "similar \(row)", matches: matches, list: await browser.status,
      elapsed: start.duration(to: clock.now), results: results.status, like: movie.title)
    return (found, page.warnings)
  }
}
