/// Which episode to play next: `play N` on a series row, the `Next:` line after an episode
/// played out, and `next`.
extension CommandContext {
  /// The most pages of one season read while looking for an episode: a hostile server's
  /// endless season is cut there.
  static let largestSeasonPages = 20
  /// The page size of those reads.
  static let seasonPageSize = 100

  /// The episode `play N` on a series row plays: the server's next up, else the first
  /// episode not played (specials left out: a series does not start there). A series whose
  /// episodes were all played, or that has none, is refused in one sentence.
  func episodeToPlay(of series: Movie) async throws -> Movie {
    if source.capabilities.tracksEpisodes, let next = try await source.nextEpisode(of: series) {
      return next
    }
    let (found, anyListed) = try await firstEpisode(of: series, after: nil) {
      $0.playback?.played != true
    }
    guard let found else {
      throw anyListed
        ? SeriesError.allPlayed(series: series.title)
        : SeriesError.noEpisodes(series: series.title, season: nil)
    }
    return found
  }

  /// The episode after `episode` in its series: later in its season, else the first of the
  /// next season; nil after the last, or for a row that knows no series.
  func episode(after episode: Movie) async throws -> Movie? {
    guard let place = episode.episode, let id = place.seriesID else { return nil }
    let series = Movie(id: id, title: place.seriesTitle, kind: .series)
    return try await firstEpisode(of: series, after: place) { _ in true }.found
  }

  /// The first episode of `series` after `place` (from the first if nil) that is `wanted`,
  /// season by season, and whether any episode was listed at all.
  private func firstEpisode(
    of series: Movie, after place: EpisodePlace?, where wanted: (Movie) -> Bool
  ) async throws -> (found: Movie?, anyListed: Bool) {
    let lowest = place?.season ?? 1
    let seasons = try await source.seasons(of: series).prefix(Season.largestList)
      .filter { $0.number >= lowest }.sorted { $0.number < $1.number }
    var anyListed = false
    for season in seasons {
      let episodes = try await episodes(of: series, in: season)
      anyListed = anyListed || !episodes.isEmpty
      if let found = Self.firstEpisode(in: episodes, after: place, where: wanted) {
        return (found, true)
      }
    }
    return (nil, anyListed)
  }

  /// A season's episodes, page by page, at most ``largestSeasonPages`` pages.
  private func episodes(of series: Movie, in season: Season) async throws -> [Movie] {
    let query = MovieQuery(
      listing: .episodes(
        MovieQuery.SeasonListing(
          series: TitleID(.series, series.id ?? ""), seriesTitle: series.title, season: season)),
      pageSize: Self.seasonPageSize)
    var episodes: [Movie] = []
    for number in 1...Self.largestSeasonPages {
      let page = try await source.page(number, of: query)
      episodes += page.movies
      guard !page.movies.isEmpty, episodes.count < (page.totalCount ?? 0) else { break }
    }
    return episodes
  }

  /// The first of `episodes`, in season and episode order, that comes after `place` (any, when
  /// nil) and is `wanted`; rows that are not episodes are passed over.
  static func firstEpisode(
    in episodes: [Movie], after place: EpisodePlace?, where wanted: (Movie) -> Bool
  ) -> Movie? {
    let placed = episodes.compactMap { movie in
      movie.kind == .episode
        ? movie.episode.map { (order: ($0.season, $0.episode), movie: movie) } : nil
    }
    let after = place.map { ($0.season, $0.episode) }
    return placed.sorted { $0.order < $1.order }.first(where: { placed in
      (after.map { placed.order > $0 } ?? true) && wanted(placed.movie)
    })?.movie
  }
}
