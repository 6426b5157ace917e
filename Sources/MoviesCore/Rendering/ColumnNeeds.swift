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
  /// Whether the movies say what was watched of them (``Movie/playback``), so the table has
  /// a column of progress marks: only a source with playback data has one.
  public var playback = false
  /// Whether a film was stopped part way (`▶ 40%`), so the progress column is as wide as
  /// that; a column of `✓` alone takes one.
  public var partlyWatched = false
  /// Whether episode rows name their series (``Movie/rowTitle(withSeries:)``): true but in
  /// the list of one series' episodes.
  public var seriesTitles = true

  /// Room for long ones, for a table without a first page to go by (`find`'s matches).
  public static let unknown = ColumnNeeds(title: MovieTable.titleCap, genres: 22)

  /// Needs of `title` and `genres` columns, and a progress column with `playback`.
  public init(title: Int, genres: Int, playback: Bool = false) {
    self.title = title
    self.genres = genres
    self.playback = playback
    partlyWatched = playback
  }

  /// Whether the movies' progress column is needed, and as wide as a percentage.
  mutating func measureProgress(of movies: some Collection<Movie>) {
    playback = movies.contains { $0.playback != nil || $0.seriesProgress != nil }
    partlyWatched = movies.contains { movie in
      movie.playback.map { !$0.played && $0.position > 0 }
        ?? ((movie.seriesProgress?.count ?? 0) > 1)
    }
  }

  /// What `movies` need, their episodes named with their series' title unless
  /// `seriesTitles` is false; ``unknown`` for none.
  public init(measuring movies: some Collection<Movie>, seriesTitles: Bool = true) {
    guard !movies.isEmpty else {
      self = .unknown
      self.seriesTitles = seriesTitles
      return
    }
    title = 0
    genres = 0
    self.seriesTitles = seriesTitles
    measureProgress(of: movies)
    for movie in movies {
      title = max(
        title,
        DisplayWidth.columns(of: TerminalText.escape(movie.rowTitle(withSeries: seriesTitles))))
      genres = max(
        genres,
        DisplayWidth.columns(of: TerminalText.escape(movie.genres.joined(separator: ", "))))
    }
  }
}
