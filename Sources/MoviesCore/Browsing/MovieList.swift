/// The loaded movies, the page counter and the browsing position: the paging state of one
/// query.
///
/// The loaded rows are a cache: `find` loads pages ahead of `more` and they join it, so no row
/// is asked for twice, but only `more` (and `genre`, `order`, `resume`) moves
/// ``shownCount``, the position the prompt counts and `list` shows up to. Rows change only
/// through ``add(_:)``, with a page that has been received and parsed in full, so a failed
/// load leaves the list exactly as it was.
public struct MovieList: Sendable, Hashable {
  /// What appending one page did.
  public struct Change: Sendable, Hashable {
    /// The row numbers that were added; nil when no row was.
    public var rows: ClosedRange<Int>?
    /// The `movieId`s of rows dropped because the list already had them, in page order.
    public var droppedDuplicates: [String] = []
    /// The server's `totalCount` before and after, when this page changed it.
    public var totalCountChange: CountChange?
  }

  /// A `totalCount` that changed between pages.
  public struct CountChange: Sendable, Hashable {
    /// The count before.
    public var old: Int
    /// The count the latest page gave.
    public var new: Int
  }

  /// The query the rows belong to.
  public let query: MovieQuery
  /// The genre's name, when the list was made from one whose name is known: the prompt and
  /// `resume` show it rather than the id.
  public let genreName: String?
  /// The loaded movies; row N is `movies[N - 1]`.
  public private(set) var movies: [Movie] = []
  /// The browsing position: rows 1 to this have been shown by `more`. Rows past it are loaded
  /// ahead (by `find`) and `more` shows them next without a request.
  public private(set) var shownCount = 0
  /// How many pages have been appended.
  public private(set) var loadedPages = 0
  /// The server's count of matching movies, from the latest page that gave one.
  public private(set) var totalCount: Int?
  /// Distinct rows the server has sent, counting skipped ones; compared with `totalCount`.
  public private(set) var rowsReceived = 0
  /// An empty page, or a short one from a server that gives no `totalCount`, ends the list.
  private var receivedLastPage = false
  /// The `movieId`s in the list, so a row the server sends twice is shown once.
  private var movieIDs: Set<String> = []
  /// What the first rows, up to a page, need of the table's columns: measured when they
  /// arrive, not each time a page is rendered.
  private var columns = ColumnNeeds.unknown
  /// How many rows `columns` measured.
  private var measuredRows = 0

  /// The most rows reserved ahead from a server's `totalCount`.
  static let maxReservedRows = 100_000

  /// An empty list for `query`; `genreName` is kept only when the query has a genre.
  public init(query: MovieQuery, genreName: String? = nil) {
    self.query = query
    self.genreName = query.genreID.isEmpty ? nil : genreName
  }

  /// True once the whole query is loaded: the count reached `totalCount`, or a page came back
  /// empty, or short from a server that does not say how many there are. A short page does
  /// not end a list whose `totalCount` says more remain: servers may cap the page size.
  public var isComplete: Bool {
    if receivedLastPage { return true }
    if let totalCount { return rowsReceived >= totalCount }
    return false
  }

  /// The page asked for next, or nil when everything is loaded.
  public var nextPage: Int? { isComplete ? nil : loadedPages + 1 }

  /// Adds a page's movies, advances the counter and shows them: `more`'s page, a switch's
  /// first page. Returns the row numbers that were added.
  @discardableResult
  public mutating func append(_ page: MoviePage) -> ClosedRange<Int>? {
    let rows = add(page).rows
    showLoaded()
    return rows
  }

  /// Moves the browsing position over the next rows already loaded, up to a page; returns
  /// them, or nil when none are loaded past the position.
  public mutating func showNextLoaded() -> ClosedRange<Int>? {
    guard shownCount < movies.count else { return nil }
    let first = shownCount + 1
    shownCount = min(movies.count, shownCount + query.pageSize)
    return first...shownCount
  }

  /// Moves the browsing position to the last loaded row.
  public mutating func showLoaded() {
    shownCount = movies.count
  }

  /// Adds a page's movies, dropping any whose `movieId` is already listed (the server's list
  /// shifted between pages), adopts a changed `totalCount`, and says what changed. The
  /// browsing position stays: the rows are loaded, not shown.
  public mutating func add(_ page: MoviePage) -> Change {
    add(page, spanning: 1)
  }

  /// Adds a page that was asked for at `pages` times the page size (a full scan asks for
  /// larger pages), counting it as that many pages so `more` goes on from the right one.
  public mutating func add(_ page: MoviePage, spanning pages: Int) -> Change {
    var change = Change()
    let firstRow = movies.count + 1
    if movies.isEmpty, let total = page.totalCount {
      // One allocation for the whole list instead of a copy at every doubling; bounded, since
      // the count is the server's word.
      movies.reserveCapacity(min(total, Self.maxReservedRows))
      movieIDs.reserveCapacity(min(total, Self.maxReservedRows))
    }
    for movie in page.movies {
      if let id = movie.id, !movieIDs.insert(id).inserted {
        change.droppedDuplicates.append(id)
      } else {
        movies.append(movie)
      }
    }
    if measuredRows < query.pageSize, movies.count > measuredRows {
      // Only while the first page fills up: a page of skipped rows may have left it short.
      // A season's episodes are of one series, which the prompt names: not each row.
      var seriesTitles = true
      if case .episodes = query.listing { seriesTitles = false }
      columns = ColumnNeeds(measuring: movies.prefix(query.pageSize), seriesTitles: seriesTitles)
      measuredRows = min(movies.count, query.pageSize)
    }
    loadedPages += pages
    // A repeated row is not a new one: counting it would reach totalCount early and stop
    // before the rows the shift pushed onto the next page.
    rowsReceived += page.rowCount - change.droppedDuplicates.count
    if let new = page.totalCount {
      if let old = totalCount, old != new {
        change.totalCountChange = CountChange(old: old, new: new)
      }
      totalCount = new
    }
    if page.rowCount == 0 || (page.rowCount < query.pageSize * pages && totalCount == nil) {
      receivedLastPage = true
    }
    change.rows = movies.count >= firstRow ? firstRow...movies.count : nil
    return change
  }

  /// The counts, the position, the query and the first page's column needs, without the rows.
  public var status: ListStatus {
    ListStatus(
      query: query, genreName: genreName, loadedCount: movies.count, shownCount: shownCount,
      totalCount: totalCount, nextPage: nextPage, columns: columns)
  }

  /// Whether a page after the next one can hold rows, by the server's `totalCount`; false
  /// when the server gives none, so nothing is asked for past the end.
  public func mayHavePage(_ page: Int) -> Bool {
    guard !isComplete, let totalCount else { return false }
    return (page - 1) * query.pageSize < totalCount
  }

  /// Moves past the next page without its rows: they count as received, so the list can
  /// still end at `totalCount`.
  public mutating func skip() {
    loadedPages += 1
    rowsReceived += query.pageSize
  }

  /// The movie at a 1-based row number, if that row is loaded.
  public func movie(atRow row: Int) -> Movie? {
    movies.indices.contains(row - 1) ? movies[row - 1] : nil
  }

  /// Gives every loaded row of the title `key` names (``WatchEntry/key(for:)``) `playback`:
  /// what was watched of it changed (`play`, `seen`); returns whether any row had it. The
  /// table gains its progress column if it had none (the first film marked in a diary).
  @discardableResult
  public mutating func adopt(_ playback: Playback?, ofTitle key: String) -> Bool {
    var found = false
    for index in movies.indices where WatchEntry.key(for: movies[index]) == key {
      movies[index] = movies[index].changing { $0.playback = playback }
      found = true
    }
    if found, let playback {
      columns.playback = true
      if !playback.played, playback.position > 0 { columns.partlyWatched = true }
    }
    return found
  }
}
