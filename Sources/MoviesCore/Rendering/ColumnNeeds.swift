/// How many terminal columns the longest title and the longest genre list of a list's first
/// page take: what a ``MovieTable`` sizes Title and Genres by.
///
/// Measured once, when the first page joins the list, and carried in its ``ListStatus``, so
/// rendering a page measures nothing and every page lines up under the same header.
public struct ColumnNeeds: Sendable, Hashable {
  /// The Title column's width, in terminal columns.
  public var title: Int
  /// The Genres column's width, in terminal columns.
  public var genres: Int

  /// Room for long ones, for a table without a first page to go by (`find`'s matches).
  public static let unknown = ColumnNeeds(title: MovieTable.titleCap, genres: 22)

  /// Needs of `title` and `genres` columns.
  public init(title: Int, genres: Int) {
    self.title = title
    self.genres = genres
  }

  /// What `movies` need; ``unknown`` for none.
  public init(measuring movies: some Collection<Movie>) {
    guard !movies.isEmpty else {
      self = .unknown
      return
    }
    title = 0
    genres = 0
    for movie in movies {
      title = max(title, DisplayWidth.columns(of: TerminalText.escape(movie.title)))
      genres = max(
        genres,
        DisplayWidth.columns(of: TerminalText.escape(movie.genres.joined(separator: ", "))))
    }
  }
}
