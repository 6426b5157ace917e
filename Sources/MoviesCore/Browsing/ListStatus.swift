/// A list without its rows: what the prompt, the status line and the table of a new page
/// need. Results carry this instead of the list, so the browser's list is never shared and
/// appending a page never copies the rows already loaded.
public struct ListStatus: Sendable, Hashable {
  /// The query the list belongs to.
  public let query: MovieQuery
  /// The genre's name, when known (see ``MovieList/genreName``).
  public let genreName: String?
  /// How many rows are loaded, shown or not (`find` loads ahead of `more`).
  public let loadedCount: Int
  /// The browsing position: the rows `more` has shown, which the prompt counts.
  public let shownCount: Int
  /// The server's count of matching movies, when it gave one.
  public let totalCount: Int?
  /// The page `more` asks for next, or nil when everything is loaded.
  public let nextPage: Int?
  /// What the first page's titles and genres need: a table sizes its columns by it, so every
  /// later page lines up under the same header.
  public let columns: ColumnNeeds

  /// Whether every row of the query is loaded.
  public var isComplete: Bool { nextPage == nil }
  /// Whether `more` has rows to show: loaded ones past the position, or pages to load.
  public var moreRemains: Bool { shownCount < loadedCount || !isComplete }

  /// The largest row number a table of this list must make room for.
  var largestRow: Int { max(totalCount ?? 0, loadedCount + query.pageSize) }
}

// In an extension, so Swift still writes the internal memberwise init that MovieList uses.
extension ListStatus {
  /// An empty list of `query`: what the prompt shows before the first page.
  public init(query: MovieQuery, genreName: String? = nil) {
    self = MovieList(query: query, genreName: genreName).status
  }
}

/// Rows a command added to the list, with their movies copied out of it: as many as the
/// command added, so the work of a `more` follows the page, not the list.
public struct AddedRows: Sendable, Hashable {
  /// The row numbers; nil when no row was added.
  public let range: ClosedRange<Int>?
  /// The movies of those rows, in row order.
  public let movies: [Movie]

  /// No rows added.
  public static let none = AddedRows(range: nil, movies: [])

  init(range: ClosedRange<Int>?, movies: [Movie]) {
    self.range = range
    self.movies = movies
  }

  /// The rows `range` of `list`, copied.
  init(_ range: ClosedRange<Int>?, of list: MovieList) {
    self.range = range
    self.movies =
      range.map { [Movie](copying: list.movies[($0.lowerBound - 1)..<$0.upperBound]) } ?? []
  }

  /// These rows followed by `later` ones (`more N`).
  func followed(by later: AddedRows) -> AddedRows {
    guard let first = range else { return later }
    guard let next = later.range else { return self }
    return AddedRows(range: first.lowerBound...next.upperBound, movies: movies + later.movies)
  }

  /// Each row's number with its movie.
  var numbered: [(row: Int, movie: Movie)] {
    let first = range?.lowerBound ?? 1
    return movies.enumerated().map { (first + $0.offset, $0.element) }
  }
}

extension Array {
  /// The elements of `slice` in a buffer of their own. `Array(slice)` shares the whole
  /// array's buffer when the slice spans all of it, and the list's next append would then
  /// copy every row to a new one.
  init(copying slice: ArraySlice<Element>) {
    self = []
    reserveCapacity(slice.count)
    append(contentsOf: slice)
  }
}
