/// One page of the API's answer, parsed.
public struct MoviePage: Sendable, Hashable {
  /// The usable movies, in the server's order.
  public var movies: [Movie]
  /// How many rows the server sent, counting the ones that were skipped. Paging compares
  /// this, not `movies.count`, with the page size, so a skipped row does not look like the end.
  public var rowCount: Int
  /// The number of movies that match the query on the server, when it says so.
  public var totalCount: Int?
  /// One plain sentence per row that could not be used.
  public var warnings: [String]

  /// A page of `movies`; `rowCount` is how many rows the answer held (by default the movies').
  public init(movies: [Movie], rowCount: Int? = nil, totalCount: Int?, warnings: [String] = []) {
    self.movies = movies
    self.rowCount = rowCount ?? movies.count
    self.totalCount = totalCount
    self.warnings = warnings
  }
}
