extension MovieSearch {
  /// The query a source that searches on its server lists the matches with: the title words
  /// and an exact year go to the server, the other filters are applied to the rows. Nil when
  /// the search has neither, so the rows are scanned.
  public func serverQuery(from query: MovieQuery) -> MovieQuery? {
    let exactYear = years.flatMap { $0.count == 1 ? $0.lowerBound : nil }
    guard !words.isEmpty || exactYear != nil else { return nil }
    var searching = MovieQuery(genreID: "", order: query.order, pageSize: query.pageSize)
    searching.searchText = titleWords
    searching.releaseYear = exactYear
    return searching
  }
}
