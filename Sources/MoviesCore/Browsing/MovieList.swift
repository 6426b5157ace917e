/// The loaded movies and the page counter: the paging state of one query.
///
/// It changes only through ``append(_:)``, with a page that has been received and parsed in
/// full, so a failed load leaves it exactly as it was.
public struct MovieList: Sendable, Hashable {
  public let query: MovieQuery
  /// The loaded movies; row N is `movies[N - 1]`.
  public private(set) var movies: [Movie] = []
  /// How many pages have been appended.
  public private(set) var loadedPages = 0
  /// The server's count of matching movies, from the latest page that gave one.
  public private(set) var totalCount: Int?
  /// Rows the server has sent, counting skipped ones; compared with `totalCount`.
  private var rowsReceived = 0
  private var receivedShortPage = false

  public init(query: MovieQuery) {
    self.query = query
  }

  /// True once the whole query is loaded: the count reached `totalCount`, or a page came back
  /// short or empty.
  public var isComplete: Bool {
    if receivedShortPage { return true }
    if let totalCount { return rowsReceived >= totalCount }
    return false
  }

  /// The page `more` asks for next, or nil when everything is loaded.
  public var nextPage: Int? { isComplete ? nil : loadedPages + 1 }

  /// Adds a page's movies and advances the counter; returns the row numbers that were added.
  @discardableResult
  public mutating func append(_ page: MoviePage) -> ClosedRange<Int>? {
    let firstRow = movies.count + 1
    movies.append(contentsOf: page.movies)
    loadedPages += 1
    rowsReceived += page.rowCount
    if page.totalCount != nil { totalCount = page.totalCount }
    if page.rowCount < query.pageSize { receivedShortPage = true }
    return page.movies.isEmpty ? nil : firstRow...movies.count
  }

  /// The movie at a 1-based row number, if that row is loaded.
  public func movie(atRow row: Int) -> Movie? {
    movies.indices.contains(row - 1) ? movies[row - 1] : nil
  }
}
