/// A `find` of filters alone (`find on:netflix`, `find played:no`) on a source that filters
/// on its server is a view of the list, as `genre` is: the server's first page, its total on
/// the status line, `more` for the next page, kept by `resume`, and left by `genre all`. It
/// was a scan of every page the server had (296 requests for `on:netflix` on TMDb).
public enum FilteredView {
  /// The list a find of `search` (typed as `text`) is a view of, from the current list's
  /// order and page size; nil when the find has title words, or a filter the server does not
  /// apply exactly, which the rows are then checked against in a search.
  public static func query(
    for search: MovieSearch, typed text: String, from current: MovieQuery, source: any MovieSource
  ) -> MovieQuery? {
    guard search.words.isEmpty, source.capabilities.searchesOnServer,
      var query = source.searchQuery(for: search, from: current)?.query,
      appliesEveryFilter(of: search, in: query)
    else { return nil }
    query.pageSize = current.pageSize
    query.filterText = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    return query
  }

  /// Whether the server's list holds exactly the films the filters name: every filter is in
  /// the query, a rating as a floor only and genres as one piece (a media server bounds no
  /// rating from above and takes one list of genres).
  static func appliesEveryFilter(of search: MovieSearch, in query: MovieQuery) -> Bool {
    (search.years == nil || query.releaseYears == search.years)
      && (search.ratings.map { $0.upperBound > 10 && query.ratings != nil } ?? true)
      && (search.runtimes == nil || query.runtimes == search.runtimes)
      && (search.genres.count <= 1 && query.genreFilter.count == search.genres.count)
      && (search.played == nil || query.played == search.played)
      && (search.services.isEmpty || !query.services.isEmpty)
      && (search.minimumVotes == nil || query.minimumVotes == search.minimumVotes)
  }
}
