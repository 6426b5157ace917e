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
    /// A range of running times.
    public static let runtime = ServerFilters(rawValue: 4)
    /// Genres, by the ids the `genre:` pieces name.
    public static let genres = ServerFilters(rawValue: 8)
    /// Whether a film was played.
    public static let played = ServerFilters(rawValue: 16)
    /// The streaming services `on:` names.
    public static let services = ServerFilters(rawValue: 32)
    /// The fewest votes a rating is made of.
    public static let votes = ServerFilters(rawValue: 64)
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
    searching.runtimes = filters.contains(.runtime) ? runtimes : nil
    searching.genreFilter = filters.contains(.genres) ? genreIDs.filter { !$0.isEmpty } : []
    searching.played = filters.contains(.played) ? played : nil
    searching.services = filters.contains(.services) ? serviceIDs : []
    searching.minimumVotes = filters.contains(.votes) ? minimumVotes : nil
    guard !words.isEmpty || searching.isServerSearch else { return nil }
    return searching
  }

  /// ``serverQuery(from:filters:)`` with what it leaves for the rows to pass.
  public func serverSearch(from query: MovieQuery, filters: ServerFilters = []) -> ServerSearch? {
    serverQuery(from: query, filters: filters).map { ServerSearch($0, filtering: self) }
  }
}

/// A search a source runs on its server: the query that lists its results, and what is left
/// of the search for the client to check on each row (the filters the query does not carry).
public struct ServerSearch: Sendable {
  /// The query listing the server's results.
  public var query: MovieQuery
  /// The filters the server was not given, which each of its rows must pass.
  public var leftToCheck: MovieSearch

  /// The search `query` runs for `search`: what the query carries is not checked again.
  public init(_ query: MovieQuery, filtering search: MovieSearch) {
    self.query = query
    var left = search
    left.words = []  // the server matched the titles, perhaps by other titles of the film
    if query.releaseYears != nil { left.years = nil }
    // A list's rows carry no running time on some servers (TMDb's discover): the server's
    // bounds are exact.
    if query.runtimes != nil { left.runtimes = nil }
    leftToCheck = left
  }
}

extension MovieSearch {
  /// Refuses `played:` where the source does not know what was watched, and `on:` where it
  /// does not know where films stream.
  public func check(against capabilities: SourceCapabilities) throws(SourceRefusal) {
    if played != nil, !capabilities.plays, !capabilities.knowsSeen { throw .played }
    if !services.isEmpty, !capabilities.knowsStreamingServices { throw .services }
  }
}
