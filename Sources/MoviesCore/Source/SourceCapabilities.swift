/// What a ``MovieSource`` can do beyond paging, stated by the source so the browser and the
/// commands ask it instead of checking its type. The defaults are a plain paging source: no
/// server search, any order word passed on, no details, no credentials. A server's fixed
/// page size and deepest page stay inside its adapter (TMDb's ``FixedPages``): the browser
/// asks for pages of its own size and the adapter joins and splits the server's.
public struct SourceCapabilities: Sendable, Hashable {
  /// The source searches titles itself (``MovieSource/searchQuery(for:)``), so `find` asks it
  /// instead of scanning the whole list.
  public var searchesOnServer = false
  /// The orders it can sort by; nil when any word is passed on for the server to judge.
  public var orders: [String]?
  /// The order a list has when none is asked for.
  public var defaultOrder = MovieQuery.defaultOrder
  /// The source fetches more about one movie on demand (``MovieSource/details(for:)``).
  public var hasDetails = false
  /// The source names films like one (``MovieSource/similar(to:)``): `similar N` works.
  public var findsSimilar = false
  /// The source has a list of genres, so `genre NAME` and `genres` work by name.
  public var listsGenres = true
  /// The server's own page size, which the adapter joins and splits (TMDb's 20); nil when
  /// pages are of any size.
  public var fixedPageSize: Int?
  /// The source hands films to a player (``StreamSource``): `play N` works, and its rows
  /// say what was played, so `find played:no` does.
  public var plays = false
  /// The rows say whether each film was seen without the source playing it: the library's
  /// diary (``DiarySource``) keeps it, so `find seen:no` works.
  public var knowsSeen = false
  /// The source knows where the user stopped and lists those films, most recent first, for
  /// a query that is ``MovieQuery/Listing/continuing``: `continue` works.
  public var resumesWatching = false
  /// The source lists TV series, their seasons and their episodes: `series`, `episodes N` and
  /// ``MovieSource/seasons(of:)`` work. False for the offline catalogue and the Hoppin API.
  public var listsSeries = false
  /// The source knows which episodes the user has seen: series rows count them, its
  /// ``MovieSource/nextEpisode(of:)`` names the next one and it lists next up (media servers).
  public var tracksEpisodes = false
  /// The source knows where films stream, so `find on:NAME` works.
  public var knowsStreamingServices = false
  /// Where the source's secret comes from (an environment variable), for messages; nil when
  /// it needs none.
  public var credential: String?
  /// What `thumb` says about a movie without a thumbnail; nil for the browser's own words.
  public var noThumbnailMessage: String?
  /// The rows a page of a server search asks for, for a server that serves pages of any
  /// size: a few hundred a request rather than the list's page size (a search for `e` on
  /// 58,788 films took 4,645 requests of 10). Nil to ask with the list's page size.
  public var searchPageSize: Int?
  /// Pages of a server search asked for at once, when the server's count says they exist:
  /// enough that the source's pace, not the round trips, bounds a long search.
  public var searchPagesAtOnce = 3

  /// A source that can do nothing beyond paging.
  public init() {}
}

extension MovieSource {
  /// None, unless the source says otherwise.
  public var capabilities: SourceCapabilities { SourceCapabilities() }

  /// The query that lists the source's own matches for a search, for a source that
  /// ``SourceCapabilities/searchesOnServer``; nil when the search needs the rows scanned.
  public func searchQuery(for search: MovieSearch, from query: MovieQuery) -> ServerSearch? {
    nil
  }

  /// The search as it is, once the capabilities allow its filters.
  public func resolvingFilters(of search: MovieSearch) async throws -> MovieSearch {
    try search.check(against: capabilities)
    return search
  }

  /// The movie with what the list does not carry, fetched once; the movie as it is for a
  /// source without ``SourceCapabilities/hasDetails``.
  public func details(for movie: Movie) async throws -> Movie { movie }

  /// Refused: a source that ``SourceCapabilities/listsSeries`` answers itself.
  public func seasons(of series: Movie) async throws -> [Season] { throw SourceRefusal.noSeries }

  /// Refused: a source that ``SourceCapabilities/listsSeries`` answers itself.
  public func nextEpisode(of series: Movie) async throws -> Movie? {
    throw SourceRefusal.noSeries
  }

  /// Refused: a source that ``SourceCapabilities/findsSimilar`` answers itself.
  public func similar(to movie: Movie) async throws -> MoviePage { throw SourceRefusal.noSimilar }

  /// The movie's details, looked up again, for a source that has them; nil for one without.
  public func current(_ movie: Movie) async throws -> Movie? {
    capabilities.hasDetails ? try await details(for: movie) : nil
  }

  /// Whether the source sorts by `order`: always for one that passes any word on.
  public func offers(order: String) -> Bool {
    capabilities.orders?.contains(order) ?? true
  }
}
