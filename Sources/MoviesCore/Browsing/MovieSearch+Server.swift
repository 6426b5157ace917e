extension MovieSearch {
  /// What a source's server can narrow a list by, besides title words and an exact year.
  public struct ServerFilters: OptionSet, Sendable, Hashable {
    /// The filters' bits.
    public let rawValue: Int
    /// The filters whose bits are set in `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A range of release years.
    public static let yearRange = ServerFilters(rawValue: 1)
    /// A range of ratings.
    public static let rating = ServerFilters(rawValue: 2)
  }

  /// The query a source that searches on its server lists the matches with: the title words
  /// and an exact year go to the server, and the filters in `filters` too; the rest are
  /// applied to the rows. Nil when the server is given nothing to narrow by, so the rows are
  /// scanned.
  public func serverQuery(from query: MovieQuery, filters: ServerFilters = []) -> MovieQuery? {
    let exactYear = years.flatMap { $0.count == 1 ? $0 : nil }
    var searching = MovieQuery(genreID: "", order: query.order, pageSize: query.pageSize)
    searching.searchText = titleWords
    searching.releaseYears = filters.contains(.yearRange) ? years : exactYear
    searching.ratings = filters.contains(.rating) ? ratings : nil
    guard !words.isEmpty || searching.releaseYears != nil || searching.ratings != nil else {
      return nil
    }
    return searching
  }
}
