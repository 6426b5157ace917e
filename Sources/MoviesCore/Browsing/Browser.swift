/// The browsing session: one query's loaded list and the source it pages through. It owns
/// the list, its paging and prefetches, and nothing else: the ``CommandRunner`` owns the
/// ``ThumbnailStore`` the thumbnail commands save through.
public actor Browser {
  /// Why a browsing command could not be carried out.
  public enum Error: Swift.Error, Sendable, Equatable, UserFacingError {
    case noSuchRow(Int, loaded: Int, more: Bool)
    case nothingToSkip
    /// `back` with no list under the one shown.
    case nothingBehind

    /// The code `--json` reports it with.
    public var code: ErrorCode { self == .nothingBehind ? .usage : .noSuchRow }

    /// What went wrong and, where a command helps, what to type.
    public var message: String {
      switch self {
      case .noSuchRow(let row, let loaded, let more):
        if loaded == 0 {
          "There is no row \(row): no movies are loaded yet"
            + (more ? "; type 'more' to load some." : ".")
        } else {
          "There is no row \(row); rows 1 to \(loaded) are loaded"
            + (more ? " ('more' loads the next page)." : ".")
        }
      case .nothingToSkip:
        "There is no page to skip: 'skip' moves past a page that could not be read."
      case .nothingBehind:
        "There is no list to go back to: 'back' returns from a series' episodes to the list "
          + "they were opened from."
      }
    }
  }

  /// What a successful load added, and the list after it: everything a command's result
  /// needs, so a `more` asks the browser once.
  public struct Load: Sendable {
    /// The rows that were added, copied out of the list.
    public var added: AddedRows
    /// One sentence per row of the page that could not be used, per row dropped as a
    /// duplicate, and when the server's total changed.
    public var warnings: [String]
    /// The list after the load.
    public var status: ListStatus
  }

  /// Where the pages come from.
  public nonisolated let source: any MovieSource
  /// The loaded rows and the paging state.
  public internal(set) var list: MovieList
  /// The results of the last search the source ran on its server, apart from the list: the
  /// same `find` again asks for none of their pages twice.
  var searched: MovieList?
  /// The lists gone into this one from, the last one under it last (``back()``).
  var stack: [Stacked] = []
  /// Whether the pages after the one shown are fetched in the background.
  public let prefetches: Bool
  /// Pages being fetched ahead, in page order: one, or ``fastReaderDepth`` for a fast reader.
  var pending: [Prefetch] = []
  /// When the last load returned, to tell a script from a person.
  private var lastLoad: ContinuousClock.Instant?
  let now: @Sendable () -> ContinuousClock.Instant
  /// The page whose last load failed because the answer could not be read, and its query:
  /// the next page of the list, or the first of a `genre` or `order` that failed. The only
  /// page `skip` moves past.
  private var unreadable: (page: Int, query: MovieQuery, genreName: String?)?

  /// A `more` that comes sooner than this after the last one returned is a script or a
  /// search reading fast: it gets ``fastReaderDepth`` pages fetched ahead instead of one.
  static let fastReader: Duration = .milliseconds(250)
  /// How many pages a fast reader has in flight: with two, a traversal of a local server
  /// waited for its pages, each parsed while the rest of the machine idled; with four, the
  /// parses overlap the table's printing and the server's answers (0.32 s to 0.27 s for
  /// 588 pages, and less CPU, fewer threads woken from sleep). A script that stops early
  /// leaves at most this many pages unused (a page the source joins from several of its
  /// server's pages is that many requests, paced as every other).
  static let fastReaderDepth = 4

  /// - Parameters:
  ///   - prefetches: fetch the next page in the background once a page is shown, so `more`
  ///     rarely waits, and more pages when `more` comes fast (default true). Thumbnails are
  ///     never prefetched.
  ///   - now: the clock that tells a fast reader; tests pass their own.
  ///   - genreName: the name of the query's genre, when known, for the prompt.
  public init(
    source: any MovieSource, query: MovieQuery, genreName: String? = nil, prefetches: Bool = true,
    now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
  ) {
    self.source = source
    self.list = MovieList(query: query, genreName: genreName)
    self.prefetches = prefetches
    self.now = now
  }

  deinit {
    for prefetch in pending { prefetch.task.cancel() }
  }

  /// The pages being fetched ahead, in page order.
  var prefetchingPages: [Int] { pending.map(\.page) }

  /// Shows the next page: the rows loaded past the browsing position (by `find`) without a
  /// request, else the next page, from the prefetch when it has that page, else from the
  /// source. Returns nil, making no request, when everything is loaded and shown. On failure
  /// or cancellation the list and the page counter are unchanged.
  public func loadNextPage() async throws -> Load? {
    if let rows = list.showNextLoaded() {
      startPrefetch(depth: 1)
      return Load(added: AddedRows(rows, of: list), warnings: [], status: list.status)
    }
    guard let number = list.nextPage else { return nil }
    let query = list.query
    let fast = lastLoad.map { now() - $0 < Self.fastReader } ?? false
    let page: MoviePage
    do {
      page = try await fetch(number, of: query)
    } catch let error as any SourceFailure where error.kind == .unreadablePage {
      if list.nextPage == number, list.query == query {
        unreadable = (number, query, list.genreName)
      }
      throw error
    }
    try Task.checkCancellation()
    // Another load may have finished while this one waited; append each page once.
    guard list.nextPage == number, list.query == query else {
      return Load(added: .none, warnings: [], status: list.status)
    }
    let change = list.add(page)
    list.showLoaded()
    unreadable = nil
    startPrefetch(depth: fast ? Self.fastReaderDepth : 1)
    lastLoad = now()
    return load(change, warnings: page.warnings)
  }

  /// The result of a load that made `change`.
  func load(_ change: MovieList.Change, warnings: [String]) -> Load {
    Load(
      added: AddedRows(change.rows, of: list),
      warnings: warnings + Self.notes(on: change, query: list.query), status: list.status)
  }

  /// The list's counts and query, without its rows.
  public var status: ListStatus { list.status }

  /// Moves past the next page when its answer could not be read (a value JSON cannot hold,
  /// say), so one bad page does not block the rest of the list; its rows are counted as
  /// missing. After a `genre` or `order` whose first page could not be read, the list
  /// switches to that query without it. Returns the page's number and the list after.
  public func skipUnreadablePage() throws(Error) -> (page: Int, status: ListStatus) {
    guard let (page, query, genreName) = unreadable else { throw .nothingToSkip }
    if query != list.query, page == 1 {
      cancelPrefetches()
      list = MovieList(query: query, genreName: genreName)
      stack = []
      lastLoad = nil
    }
    guard list.query == query, list.nextPage == page else { throw .nothingToSkip }
    list.skip()
    unreadable = nil
    startPrefetch(depth: 1)
    return (page, list.status)
  }

  /// What the user should know about a page that was not simply appended.
  static func notes(on change: MovieList.Change, query: MovieQuery) -> [String] {
    var notes: [String] = []
    let dropped = change.droppedDuplicates
    if !dropped.isEmpty {
      let rows = dropped.count == 1 ? "1 row" : "\(dropped.count) rows"
      // A hostile page could repeat thousands of rows; name a few, not all.
      let ids = dropped.prefix(5).joined(separator: ", ") + (dropped.count > 5 ? ", …" : "")
      notes.append(
        "Dropped \(rows) already in the list (movie ID \(ids)); "
          + "the server's list shifted between pages.")
    }
    if let count = change.totalCountChange, count.new < count.old {
      // Rows removed before the pages already loaded move every later row up, onto pages
      // that were already asked for: some are never shown.
      // A search's results are asked for again by nothing: only a list can start over.
      let again =
        query.isServerSearch
        ? "" : "; type 'order \(query.order)' to load the list again from the start"
      notes.append(
        "The server now counts \(Format.grouped(count.new)) movies instead of "
          + "\(Format.grouped(count.old)): rows were removed from its list, so some rows may "
          + "have been skipped\(again).")
    } else if let count = change.totalCountChange {
      notes.append(
        "The server now counts \(Format.grouped(count.new)) movies instead of "
          + "\(Format.grouped(count.old)); the list follows the new count.")
    }
    return notes
  }

  /// Starts over with another query (genre, order, page size, `series`): loads its first page
  /// and only then replaces the list and the lists under it, so a switch that fails or is
  /// cancelled leaves them as they were.
  /// Unfinished prefetches of the old query are cancelled; `more` fetches those pages again.
  /// `genreName` names the new query's genre, when known.
  public func restart(with query: MovieQuery, genreName: String? = nil) async throws -> Load {
    cancelPrefetches()
    let page: MoviePage
    do {
      page = try await source.page(1, of: query)
    } catch let error as any SourceFailure where error.kind == .unreadablePage {
      unreadable = (1, query, genreName)
      throw error
    }
    try Task.checkCancellation()
    stack = []
    return adopt(page, of: query, genreName: genreName)
  }

  /// Replaces the list with a new query's first page, shown.
  func adopt(_ page: MoviePage, of query: MovieQuery, genreName: String? = nil) -> Load {
    var fresh = MovieList(query: query, genreName: genreName)
    let change = fresh.add(page)
    fresh.showLoaded()
    list = fresh
    forgetLoads()
    startPrefetch(depth: 1)
    return load(change, warnings: page.warnings)
  }

  /// Forgets how the last list's loads went: its unreadable page and its reading pace.
  func forgetLoads() {
    unreadable = nil
    lastLoad = nil
  }
}
