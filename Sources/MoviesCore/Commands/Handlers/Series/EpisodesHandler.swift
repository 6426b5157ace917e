/// `episodes N [S]`: the episodes of row N's series, one season, gone into from the list.
extension CommandContext {
  /// `episodes N [S]`: season `wanted` of the series `label` names (a series row, or an
  /// episode's series), else the season of its next episode, else its first; pushed onto the
  /// browser's stack, so `back` returns to the row.
  func episodes(_ label: RowLabel, season wanted: Int?) async throws -> Handled {
    guard source.capabilities.listsSeries else { throw SourceRefusal.noSeries }
    let target = try await target(label)
    if let entry = target.entry, entry.source != sourceID {
      throw WatchlistError.knownElsewhere(entry: label.number, source: entry.source)
    }
    let series = try Self.series(of: target.movie, label: label)
    let seasons = Array(try await source.seasons(of: series).prefix(Season.largestList))
    guard !seasons.isEmpty else { throw SeriesError.noEpisodes(series: series.title, season: nil) }
    let season: Season
    if let wanted {
      guard let found = seasons.first(where: { $0.number == wanted }) else {
        throw SeriesError.noSuchSeason(
          wanted, series: series.title, seasons: seasons.map(\.number))
      }
      season = found
    } else {
      season = try await defaultSeason(of: series, among: seasons)
    }
    let current = await browser.status.query
    let query = MovieQuery(
      listing: .episodes(
        MovieQuery.SeasonListing(
          series: TitleID(.series, series.id ?? ""), seriesTitle: series.title, season: season)),
      pageSize: current.pageSize)
    let load = try await ListSwitchFailure.retrying("episodes \(label)") {
      try await browser.push(query, from: label.kind == .row ? label.number : nil)
    }
    if load.status.loadedCount == 0, load.status.isComplete {
      // An empty season is not a list to stay in.
      _ = try? await browser.back()
      throw SeriesError.noEpisodes(series: series.title, season: season.number)
    }
    return Handled(
      EpisodesListed(season: season, added: load.added, list: load.status),
      warnings: load.warnings)
  }

  /// The series a row is, or an episode's series; a film is refused.
  static func series(of movie: Movie, label: RowLabel) throws -> Movie {
    switch movie.kind {
    case .series:
      return movie
    case .episode, .season:
      guard let place = movie.episode, let id = place.seriesID else { fallthrough }
      return Movie(id: id, title: place.seriesTitle, kind: .series)
    case .film:
      throw SeriesError.notASeries(label, title: movie.title)
    }
  }

  /// The season of the series' next episode, on a source that knows it, else its first
  /// season that is not specials, else its first.
  private func defaultSeason(of series: Movie, among seasons: [Season]) async throws -> Season {
    if source.capabilities.tracksEpisodes,
      let next = try await source.nextEpisode(of: series)?.episode?.season,
      let season = seasons.first(where: { $0.number == next })
    {
      return season
    }
    return seasons.first { $0.number >= 1 } ?? seasons[0]
  }
}

/// `episodes N`: the season gone into, its first page of episodes and the list.
struct EpisodesListed: CommandOutcome {
  var season: Season
  var added: AddedRows
  var list: ListStatus

  func text(_ renderer: TextRenderer) -> String {
    ListOutcome.restarted(added, list).text(renderer)
  }

  var listAfter: ListStatus? { list }

  var shownMovies: [Movie]? { added.movies }

  func jsonFields(_ fields: JSONFields) -> JSONObject {
    var object = JSONFields.list(list)
    object["season"] = .int(season.number)
    return object
  }

  func jsonRows(_ fields: JSONFields) -> JSONRenderer.Rows? {
    ListOutcome.restarted(added, list).jsonRows(fields)
  }

  func record(in view: inout ViewState.State, query: MovieQuery) {
    ListOutcome.restarted(added, list).record(in: &view, query: query)
  }
}
