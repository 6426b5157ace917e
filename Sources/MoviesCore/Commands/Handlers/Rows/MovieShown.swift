/// `show N`: the movie and whether its thumbnail is cached.
public struct MovieShown: CommandOutcome {
  /// The movie shown.
  public var movie: Movie
  /// The label it was asked for.
  public var row: RowLabel
  /// Whether its thumbnail is cached.
  public var thumbnail: ThumbnailCacheState
  /// A series' seasons and next episode, as its source has them; nil for any other title.
  public var series: MovieDetails.SeriesParts?

  /// The outcome from its parts.
  public init(
    _ movie: Movie, row: RowLabel, thumbnail: ThumbnailCacheState,
    series: MovieDetails.SeriesParts? = nil
  ) {
    self.movie = movie
    self.row = row
    self.thumbnail = thumbnail
    self.series = series
  }

  /// What it prints.
  public func text(_ renderer: TextRenderer) -> String {
    let palette = renderer.layout.palette
    let watched = renderer.watched?.contains(WatchEntry.key(for: movie)) == true
    let fields = MovieDetails.render(
      movie, row: row, palette: palette, thumbnail: thumbnail, width: renderer.statusWidth,
      series: series)
    return fields + (watched ? palette.apply(palette.dim, to: "  On the watchlist") + "\n" : "")
  }

  /// Its keys in the JSON object.
  public func jsonFields(_ fields: JSONFields) -> JSONObject {
    var object: JSONObject = [
      "row": .int(row.number), "movie": fields.movieValue(movie, row: row.number),
      "thumbnailCache": .string(thumbnail.name),
    ]
    if let series {
      object["seasons"] = .array(
        series.seasons.map { season in
          .object([
            "season": .int(season.number), "title": .text(season.title),
            "episodes": .int(season.episodeCount),
          ])
        })
      object["nextEpisode"] =
        series.next.map { next in
          .object([
            "id": .text(next.id), "title": .string(next.title),
            "season": .int(next.episode?.season), "episode": .int(next.episode?.episode),
          ])
        } ?? .null
    }
    return object
  }

  /// The movies it shows, for their watched marks.
  public var shownMovies: [Movie]? { [movie] }
}

/// `show wN`: watchlist entry N.
struct WatchlistEntryShown: CommandOutcome {
  var entry: WatchEntry
  var number: Int

  func text(_ renderer: TextRenderer) -> String {
    let source = RecordedSource.spoken(entry.source)
    return MovieDetails.render(
      entry.movie, label: RowLabel(number, .entry).description,
      palette: renderer.layout.palette, width: renderer.statusWidth)
      + renderer.dimmed("  On the watchlist, from \(TerminalText.escape(source))", indent: "  ")
      + "\n"
  }

  func jsonFields(_ fields: JSONFields) -> JSONObject {
    [
      "entry": .string(RowLabel(number, .entry).description),
      "movie": JSONFields.entry(entry, number: number),
    ]
  }
}

/// `open N`: the link, and whether it was handed to the desktop (else it is printed, and why).
struct LinkShown: CommandOutcome {
  var link: String
  var row: RowLabel
  var opening: LinkOpening

  func text(_ renderer: TextRenderer) -> String {
    let shown = TerminalText.escape(link)
    switch opening {
    case .opened: return "Opened \(shown)\n"
    case .noOpener: return "Not opened: xdg-open is not installed. The link: \(shown)\n"
    case .refusedScheme:
      return "Not opened: only http and https links are opened. The link: \(shown)\n"
    }
  }

  var proseIndent: String? { "" }

  func jsonFields(_ fields: JSONFields) -> JSONObject {
    ["row": .int(row.number), "link": .string(link), "opened": .bool(opening == .opened)]
  }
}
