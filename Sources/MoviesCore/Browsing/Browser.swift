/// The browsing session: one query's loaded list, the source it pages through, and the
/// thumbnail store.
public actor Browser {
  /// Why a browsing command could not be carried out.
  public enum Error: Swift.Error, Sendable, Equatable {
    case noSuchRow(Int, loaded: Int, more: Bool)

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
      }
    }
  }

  /// What a successful load added.
  public struct Load: Sendable {
    /// The row numbers that were added; nil when the page was empty.
    public var rows: ClosedRange<Int>?
    /// One sentence per row of the page that could not be used.
    public var warnings: [String]
  }

  public let source: any MovieSource
  public let thumbnails: ThumbnailStore
  public private(set) var list: MovieList

  public init(source: any MovieSource, query: MovieQuery, thumbnails: ThumbnailStore) {
    self.source = source
    self.thumbnails = thumbnails
    self.list = MovieList(query: query)
  }

  /// Loads the next page and appends it. Returns nil, making no request, when everything is
  /// loaded. On failure or cancellation the list and the page counter are unchanged.
  public func loadNextPage() async throws -> Load? {
    guard let number = list.nextPage else { return nil }
    let query = list.query
    let page = try await source.page(number, of: query)
    try Task.checkCancellation()
    // Another load may have finished while this one waited; append each page once.
    guard list.nextPage == number, list.query == query else { return Load(warnings: []) }
    let rows = list.append(page)
    return Load(rows: rows, warnings: page.warnings)
  }

  /// Replaces the list with an empty one for a new query (`genre`, `order`); the next load
  /// asks for its first page.
  public func restart(with query: MovieQuery) {
    list = MovieList(query: query)
  }

  /// The movie at a 1-based row number.
  public func movie(atRow row: Int) throws(Error) -> Movie {
    guard let movie = list.movie(atRow: row) else {
      throw .noSuchRow(row, loaded: list.movies.count, more: !list.isComplete)
    }
    return movie
  }

  /// Saves the thumbnail of a row into the download folder.
  public func saveThumbnail(row: Int) async throws -> SavedThumbnail {
    let movie = try movie(atRow: row)
    return try await thumbnails.save(movie, row: row, from: source)
  }
}
