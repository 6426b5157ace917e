/// What a list shows, as a value: what is listed (``Listing``: films or series by genre and
/// order, `continue`'s titles, next up, a season's episodes), narrowed by a search's filters
/// when it is one, in pages of ``pageSize``. A source turns it into its server's request;
/// the browser pages through it and keeps a stack of them (`back`).
public struct MovieQuery: Sendable, Hashable {
  /// What a list is made of.
  public enum Listing: Sendable, Hashable {
    /// Titles of one kind (`.film` or `.series`) in ``MovieQuery/genreID`` and
    /// ``MovieQuery/order``: a browsing list, or a search when the query has filters
    /// (``MovieQuery/isServerSearch``).
    case titles(TitleKind)
    /// `continue`: what the user stopped part way, films and episodes, most recent first,
    /// then the next episode of each series being watched, from a source that
    /// ``SourceCapabilities/resumesWatching``. Genre and order are not used.
    case continuing
    /// The next episode to watch of each series the user is watching (a media server's
    /// "Next Up"), from a source that ``SourceCapabilities/tracksEpisodes``.
    case nextUp
    /// The episodes of one season of a series, in their order (``SeasonListing``).
    case episodes(SeasonListing)

    /// The browsing list `genre` and `order` go back to from this one: itself when it lists
    /// titles, films from any other.
    public var browsing: Listing {
      if case .titles = self { return self }
      return .titles(.film)
    }

    /// The kind of the rows listed, when they are all of one kind.
    public var titleKind: TitleKind? {
      switch self {
      case .titles(let kind): kind
      case .episodes: .episode
      case .continuing, .nextUp: nil
      }
    }
  }

  /// One season of a series, whose episodes a list shows.
  public struct SeasonListing: Sendable, Hashable {
    /// The series (kind `series`).
    public var series: TitleID
    /// The series' title, for the prompt and the rows.
    public var seriesTitle: String
    /// The season: its number, and its id for a source that asks by id.
    public var season: Season

    /// The episodes of `season` of `series`, titled `seriesTitle`.
    public init(series: TitleID, seriesTitle: String, season: Season) {
      self.series = series
      self.seriesTitle = seriesTitle
      self.season = season
    }
  }

  /// The order the browser asks for when none is given.
  public static let defaultOrder = "releasedateasc"
  /// The orders the API defines: the one list that `order`, its completion, `help` and the
  /// offline catalogue use. Other words go to a server as they are.
  public static let orders = [
    "releasedateasc", "releasedatedesc", "ratingdesc", "ratingasc", "titleasc",
  ]
  /// The page size the browser asks for when none is given.
  public static let defaultPageSize = 10

  /// What is listed; films by default.
  public var listing: Listing = .titles(.film)
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

  /// A query; the defaults browse films of every genre in the default order and page size.
  public init(
    listing: Listing = .titles(.film),
    genreID: String = "",
    order: String = MovieQuery.defaultOrder,
    pageSize: Int = MovieQuery.defaultPageSize
  ) {
    self.listing = listing
    self.genreID = genreID
    self.order = order
    self.pageSize = pageSize
  }

  /// The same list without the filters of a `find`: what `genre` restarts from.
  public var withoutFilters: MovieQuery {
    MovieQuery(listing: listing, genreID: genreID, order: order, pageSize: pageSize)
  }

  /// Whether it is `continue`'s list.
  public var isContinuing: Bool { listing == .continuing }

  /// Whether the query asks a source's own search (``Browser/serverSearch``), not a list.
  public var isServerSearch: Bool {
    !searchText.isEmpty || releaseYears != nil || ratings != nil || runtimes != nil
      || !genreFilter.isEmpty || played != nil || !services.isEmpty || minimumVotes != nil
  }
}
