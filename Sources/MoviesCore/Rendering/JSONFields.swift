import Foundation

/// What an outcome's JSON is made with (see ``CommandOutcome/jsonFields(_:)``): the watched
/// marks, the error describer, and the shapes every object shares (a movie, the list, a
/// thumbnail, a watchlist entry).
public struct JSONFields {
  /// The watchlist's keys, for each movie's `onWatchlist`; nil for none.
  let watched: Set<String>?
  /// Phrases errors, the words text mode uses.
  public let describer: ErrorDescriber

  /// The watchlist's keys, for each movie's `onWatchlist`; nil for none.
  public init(watched: Set<String>?, describer: ErrorDescriber) {
    self.watched = watched
    self.describer = describer
  }

  /// `count` movies under `rows`, each made from its place as it is written.
  func movieRows(_ count: Int, _ row: @escaping @Sendable (Int) -> (Int, Movie))
    -> JSONRenderer.Rows
  {
    let watched = watched
    return JSONRenderer.Rows(key: "rows", count: count) { place in
      let (number, movie) = row(place)
      return Self.movie(movie, row: number, watchedAmong: watched)
    }
  }

  func movieValue(_ movie: Movie, row: Int) -> JSONValue {
    Self.movie(movie, row: row, watchedAmong: watched)
  }

  /// A batch's `from`: what its numbers count.
  static func origin(of kind: RowLabel.Kind) -> String {
    switch kind {
    case .row: "list"
    case .entry: "watchlist"
    case .match: "search"
    }
  }

  /// A watchlist entry: a movie (its `row` the entry's number), `entry` (`w1`), `source`
  /// (`offline` or the API's address) and `added` (seconds since 1970).

  static func entry(_ entry: WatchEntry, number: Int) -> JSONValue {
    var object = movieFields(entry.movie, row: number, watched: true)
    object["entry"] = .string(RowLabel(number, .entry).description)
    object["source"] = .string(entry.source)
    object["added"] = .number(entry.added.timeIntervalSince1970)
    return .object(object)
  }

  /// A saved thumbnail: where it is, what it is, and where the bytes came from
  /// (`source`, `disk` or `memory`).
  static func thumbnail(_ saved: SavedThumbnail, row: Int) -> JSONObject {
    let origin =
      switch saved.origin {
      case .source: "source"
      case .diskCache: "disk"
      case .memoryCache: "memory"
      }
    var object: JSONObject = [
      "row": .int(row), "file": .string(saved.file.relativePath),
      "format": .string(saved.format.displayName), "bytes": .int(saved.byteCount),
      "origin": .string(origin), "seconds": .number(seconds(saved.elapsed)),
    ]
    if let size = saved.pixelSize {
      object["width"] = .int(size.width)
      object["height"] = .int(size.height)
    }
    return object
  }

  static func list(_ list: ListStatus) -> JSONObject {
    [
      "loaded": .int(list.loadedCount), "shown": .int(list.shownCount),
      "total": .int(list.totalCount), "complete": .bool(list.isComplete),
      "query": query(list.query),
    ]
  }

  static func query(_ query: MovieQuery) -> JSONValue {
    var fields: JSONObject = [
      "genreId": .string(query.genreID), "order": .string(query.order),
      "count": .int(query.pageSize),
    ]
    // What a list other than films lists: `series`, `continue`, `next up`, or a season's
    // episodes with the series and season.
    switch query.listing {
    case .titles(.film): break
    case .titles(let kind): fields["listing"] = .string(kind.rawValue)
    case .continuing: fields["listing"] = .string("continue")
    case .nextUp: fields["listing"] = .string("next up")
    case .episodes(let season):
      fields["listing"] = .string("episodes")
      fields["seriesId"] = .string(season.series.id)
      fields["season"] = .int(season.season.number)
    }
    // A view a `find` of filters made: its filters as typed, and a vote floor the source added.
    if !query.filterText.isEmpty {
      fields["filters"] = .string(query.filterText)
      if let votes = query.minimumVotes { fields["minimumVotes"] = .int(votes) }
    }
    return .object(fields)
  }

  /// The movie, `watched` when its key is among `keys`.
  static func movie(_ movie: Movie, row: Int, watchedAmong keys: Set<String>?) -> JSONValue {
    let watched = keys?.contains(WatchEntry.key(for: movie)) ?? false
    return .object(movieFields(movie, row: row, watched: watched))
  }

  /// A row's fields: every one, `kind` (`film`, `series`, `episode`), and a series' counts
  /// (`seasons`, `episodes`, `seen`) or an episode's place (`series`, `seriesId`, `season`,
  /// `episode`).
  static func movieFields(_ movie: Movie, row: Int, watched: Bool) -> JSONObject {
    var fields = commonFields(movie, row: row, watched: watched)
    fields["kind"] = .string(movie.kind.rawValue)
    if movie.kind == .series {
      fields["seasons"] = .int(movie.seriesCounts?.seasons)
      fields["episodes"] = .int(movie.seriesCounts?.episodes)
      fields["seen"] = .int(movie.seriesCounts?.seen)
      fields["creators"] = .strings(movie.creators)
    }
    if let place = movie.episode {
      fields["series"] = .string(place.seriesTitle)
      fields["seriesId"] = .text(place.seriesID)
      fields["season"] = .int(place.season)
      fields["episode"] = .int(place.episode)
    }
    return fields
  }

  private static func commonFields(_ movie: Movie, row: Int, watched: Bool) -> JSONObject {
    [
      "row": .int(row), "id": .text(movie.id), "title": .string(movie.title),
      "genres": .strings(movie.genres), "rating": .number(movie.rating),
      "ratingCount": .int(movie.ratingCount), "releaseDate": .text(movie.releaseDate),
      "runtime": .int(movie.runningTime), "grade": .text(movie.grade),
      "link": .text(movie.link), "thumbnail": .text(movie.thumbnail),
      "otherFields": .object(JSONObject(movie.otherFields)),
      // On the watchlist; what was seen of it is `playback`.
      "onWatchlist": .bool(watched), "overview": .text(movie.overview),
      "tagline": .text(movie.tagline), "directors": .strings(movie.directors),
      "cast": .strings(movie.cast), "imdbId": .text(movie.imdbID),
      "trailer": .text(movie.trailer), "providers": providers(movie.providers),
      "playback": playback(movie.playback),
    ]
  }

  /// What was watched: `{"played", "position", "length"}`, seconds; null when not known.
  static func playback(_ playback: Playback?) -> JSONValue {
    guard let playback else { return .null }
    return .object([
      "played": .bool(playback.played), "position": .int(playback.position),
      "length": .int(playback.length),
    ])
  }

  /// Where it streams, rents and sells, as lists of names; null when the source does not say.
  static func providers(_ providers: WatchProviders?) -> JSONValue {
    guard let providers else { return .null }
    return .object([
      "region": .string(providers.region), "stream": .strings(providers.stream),
      "rent": .strings(providers.rent), "buy": .strings(providers.buy),
      "link": .text(providers.link),
    ])
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
