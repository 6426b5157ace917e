/// `show N`: the movie and whether its thumbnail is cached.
public struct MovieShown: CommandOutcome {
  /// The movie shown.
  public var movie: Movie
  /// The label it was asked for.
  public var row: RowLabel
  /// Whether its thumbnail is cached.
  public var thumbnail: ThumbnailCacheState

  /// The outcome from its parts.
  public init(_ movie: Movie, row: RowLabel, thumbnail: ThumbnailCacheState) {
    self.movie = movie
    self.row = row
    self.thumbnail = thumbnail
  }

  /// What it prints.
  public func text(_ renderer: TextRenderer) -> String {
    let palette = renderer.layout.palette
    let watched = renderer.watched?.contains(WatchEntry.key(for: movie)) == true
    let fields = MovieDetails.render(
      movie, row: row, palette: palette, thumbnail: thumbnail, width: renderer.statusWidth)
    return fields + (watched ? palette.apply(palette.dim, to: "  On the watchlist") + "\n" : "")
  }

  /// Its keys in the JSON object.
  public func jsonFields(_ fields: JSONFields) -> JSONObject {
    [
      "row": .int(row.number), "movie": fields.movieValue(movie, row: row.number),
      "thumbnailCache": .string(thumbnail.name),
    ]
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
