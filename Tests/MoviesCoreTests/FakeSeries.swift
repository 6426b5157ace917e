import MoviesCore

/// What ``FakeMovieSource`` serves of TV series: the series rows, each one's seasons and
/// their episodes, and each one's next episode.
struct FakeSeries: Sendable {
  /// The rows of `.titles(.series)`.
  var shows: [Movie]
  /// The seasons of each series, by its id.
  var seasons: [String: [Season]]
  /// The episodes of each season, by series id and season number.
  var episodes: [String: [Int: [Movie]]]
  /// The next episode of each series, by its id.
  var nextUp: [String: Movie] = [:]

  /// The rows a listing shows; nil for the films.
  func rows(for listing: MovieQuery.Listing) -> [Movie]? {
    switch listing {
    case .titles(.series): shows
    case .episodes(let season):
      episodes[season.series.id]?[season.season.number] ?? []
    case .nextUp: Array(nextUp.values)
    default: nil
    }
  }

  /// `count` series `Show 1`, `Show 2`, … (ids `s1`, …), each with `seasons` seasons of
  /// `episodes` episodes, the first episode of its last season next up.
  static func numbered(_ count: Int, seasons: Int = 3, episodes: Int = 4) -> FakeSeries {
    var series = FakeSeries(shows: [], seasons: [:], episodes: [:])
    for number in 1...max(1, count) {
      let id = "s\(number)"
      let title = "Show \(number)"
      series.shows.append(
        Movie(
          id: id, title: title, releaseDate: "2014-03-19", kind: .series,
          seriesCounts: SeriesCounts(seasons: seasons, episodes: seasons * episodes, seen: 0)))
      series.seasons[id] = (1...seasons).map {
        Season(number: $0, episodeCount: episodes, id: "\(id)-\($0)")
      }
      var bySeason: [Int: [Movie]] = [:]
      for season in 1...seasons {
        bySeason[season] = (1...episodes).map { episode in
          Movie(
            id: "\(id)e\(season)x\(episode)", title: "Episode \(episode)", runningTime: 43,
            kind: .episode,
            episode: EpisodePlace(
              seriesID: id, seriesTitle: title, season: season, episode: episode))
        }
      }
      series.episodes[id] = bySeason
      series.nextUp[id] = bySeason[seasons]?.first
    }
    return series
  }
}

extension FakeMovieSource {
  func seasons(of series: Movie) async throws -> [Season] {
    record(seriesCall: "seasons \(series.id ?? "")")
    guard let fake = self.series else { throw SourceRefusal.noSeries }
    return fake.seasons[series.id ?? ""] ?? []
  }

  func nextEpisode(of series: Movie) async throws -> Movie? {
    record(seriesCall: "next \(series.id ?? "")")
    guard let fake = self.series else { throw SourceRefusal.noSeries }
    return fake.nextUp[series.id ?? ""]
  }
}
