/// What a list is made of: the API's `genreId`, `order` and `count` parameters.
public struct MovieQuery: Sendable, Hashable {
  /// The order the browser asks for when none is given.
  public static let defaultOrder = "releasedateasc"
  /// The orders the API defines: the one list that `order`, its completion, `help` and the
  /// offline catalogue use. Other words go to a server as they are.
  public static let orders = [
    "releasedateasc", "releasedatedesc", "ratingdesc", "ratingasc", "titleasc",
  ]
  /// The page size the browser asks for when none is given.
  public static let defaultPageSize = 10

  /// The genre to browse; empty means every genre.
  public var genreID: String
  /// The order's name as the source takes it (`releasedateasc`, `ratingdesc`, …).
  public var order: String
  /// Movies per page (the API's `count`).
  public var pageSize: Int
  /// Title words a source that searches on its server matches; empty for a browsing list.
  public var searchText = ""
  /// The release years a source's own search or filtered list is narrowed to, when the
  /// search names them and the source applies them.
  public var releaseYears: ClosedRange<Int>?
  /// The ratings a source's filtered list is narrowed to on the server; the rows are still
  /// checked against the search's exact bounds.
  public var ratings: ClosedRange<Double>?
  /// `continue`'s list: the films the user stopped part way, most recent first, from a
  /// source that ``SourceCapabilities/resumesWatching``; its genre and order are not used.
  public var continuing = false
  /// The running times in minutes a filtered list is narrowed to on the server.
  public var runtimes: ClosedRange<Int>?
  /// The genres a filtered list is narrowed to on the server: a film has a genre of each
  /// inner list (the ids the `genre:` pieces name).
  public var genreFilter: [[String]] = []
  /// Played films only (true) or films not played (false), on the server.
  public var played: Bool?
  /// The streaming services (the server's ids) a film streams on, one of them, on the server.
  public var services: [String] = []
  /// The fewest votes a film's rating is made of, on the server; a source that adds a floor of
  /// its own to a rating filter (TMDb's 200) sets it, so the answer can name it.
  public var minimumVotes: Int?
  /// The filters of the `find` the list is a view of, as typed (`on:netflix rating:>8`), for
  /// the prompt and the saved session; empty for a list that is not a view.
  public var filterText = ""

  /// The one release year the query is narrowed to, when its years are one.
  public var releaseYear: Int? {
    get { releaseYears.flatMap { $0.count == 1 ? $0.lowerBound : nil } }
    set { releaseYears = newValue.map { $0...$0 } }
  }

  /// A query; the defaults browse every genre in the default order and page size.
  public init(
    genreID: String = "",
    order: String = MovieQuery.defaultOrder,
    pageSize: Int = MovieQuery.defaultPageSize
  ) {
    self.genreID = genreID
    self.order = order
    self.pageSize = pageSize
  }

  /// The same list without the filters of a `find`: what `genre` restarts from.
  public var withoutFilters: MovieQuery {
    var query = MovieQuery(genreID: genreID, order: order, pageSize: pageSize)
    query.continuing = continuing
    return query
  }

  /// Whether the query asks a source's own search (``Browser/serverSearch``), not a list.
  public var isServerSearch: Bool {
    !searchText.isEmpty || releaseYears != nil || ratings != nil || runtimes != nil
      || !genreFilter.isEmpty || played != nil || !services.isEmpty || minimumVotes != nil
  }
}
