import Foundation

/// The keys each outcome adds to its JSON object (see ``JSONRenderer``), and the rows it
/// lists, made one at a time as they are written.
struct JSONFields {
  /// The watchlist's keys, for each movie's `onWatchlist`; nil for none.
  let watched: Set<String>?
  let describer: ErrorDescriber

  /// The rows of `more`, `list`, `find` (`rows`) and `watchlist` (`entries`); nil for an
  /// outcome without.
  func rows(of outcome: CommandOutcome) -> JSONRenderer.Rows? {
    let watched = watched
    func rows(_ count: Int, _ row: @escaping @Sendable (Int) -> (Int, Movie)) -> JSONRenderer.Rows {
      JSONRenderer.Rows(key: "rows", count: count) { place in
        let (number, movie) = row(place)
        return Self.movie(movie, row: number, watchedAmong: watched)
      }
    }
    switch outcome {
    case .pageLoaded(let added, _), .restarted(let added, _), .list(let added, _),
      .resumed(let added, _):
      let first = added.range?.lowerBound ?? 1
      return rows(added.movies.count) { (first + $0, added.movies[$0]) }
    case .nothingMoreToLoad:
      return JSONRenderer.Rows(key: "rows", count: 0) { _ in .null }
    case .found(let found) where found.results != nil:
      // A server search's matches are not rows of the list: each says its `match`, f1….
      return JSONRenderer.Rows(key: "rows", count: found.matches.count) { place in
        let match = found.matches[place]
        let isWatched = watched?.contains(WatchEntry.key(for: match.movie)) ?? false
        var fields = Self.movieFields(match.movie, row: match.row, watched: isWatched)
        fields["match"] = .string(match.label.description)
        return .object(fields)
      }
    case .found(let found):
      return rows(found.matches.count) { (found.matches[$0].row, found.matches[$0].movie) }
    case .watchlist(let entries):
      return JSONRenderer.Rows(key: "entries", count: entries.count) { place in
        Self.entry(entries[place], number: place + 1)
      }
    default:
      return nil
    }
  }

  /// The outcome's keys but its rows.
  func of(_ outcome: CommandOutcome) -> JSONObject {
    switch outcome {
    case .pageLoaded(_, let list), .restarted(_, let list), .list(_, let list),
      .nothingMoreToLoad(let list):
      return Self.list(list)
    case .found(let found):
      var fields = Self.list(found.list)
      fields["text"] = .string(found.text)
      fields["stopped"] = .bool(found.stopped)
      fields["seconds"] = .number(Self.seconds(found.elapsed))
      if let results = found.results {
        fields["results"] = .object([
          "loaded": .int(results.loadedCount), "total": .int(results.totalCount),
          "complete": .bool(results.isComplete),
        ])
      }
      return fields
    case .resumed(_, let list):
      var fields = Self.list(list)
      fields["resumed"] = .bool(true)
      return fields
    case .watchlist:
      return [:]
    case .movie(let movie, let row, let thumbnail):
      return [
        "row": .int(row.number), "movie": movieValue(movie, row: row.number),
        "thumbnailCache": .string(thumbnail.name),
      ]
    case .thumbnailSaved(let saved, let row):
      return Self.thumbnail(saved, row: row)
    case .thumbnailsSaved(let batch):
      let withoutPoster = batch.withoutPoster
      let failed = { (rows: [Int]) -> JSONValue in
        .array(
          rows.compactMap { row in
            batch.failures[row].map {
              .object(["row": .int(row), "message": .string(describer.message(for: $0))])
            }
          })
      }
      return [
        "rows": .array(batch.rows.map(JSONValue.int)), "cancelled": .bool(batch.wasCancelled),
        "from": .string(Self.origin(of: batch.kind)),
        "saved": .array(
          batch.rows.compactMap { row in
            batch.saved[row].map { .object(Self.thumbnail($0, row: row)) }
          }),
        "failed": failed(batch.rows.filter { !withoutPoster.contains($0) }),
        "withoutPoster": failed(withoutPoster),
      ]
    case .help(let moreRemains, _):
      return [
        "commands": .strings(CommandSpec.all.filter { moreRemains || !$0.needsMore }.map(\.name)),
        "moreRemains": .bool(moreRemains),
      ]
    case .commandHelp(let entry, let orders):
      return [
        "usage": .string(entry.usage), "summary": .string(entry.summary(offering: orders)),
        "examples": .strings(entry.examples),
      ]
    case .quit:
      return [:]
    case .genres(let genres, let current):
      return [
        "genres": .array(
          genres.map { .object(["id": .string($0.id), "name": .string($0.name)]) }),
        "current": .string(current),
      ]
    case .link(let link, let row, let opening):
      return [
        "row": .int(row.number), "link": .string(link), "opened": .bool(opening == .opened),
      ]
    case .played(let movie, let row, let from, let ended):
      return [
        "row": .int(row.number), "movie": movieValue(movie, row: row.number), "from": .int(from),
        "playback": Self.playback(ended),
      ]
    case .trailer(let movie, let row, let played):
      return [
        "row": .int(row.number), "title": .string(movie.title), "trailer": .text(movie.trailer),
        "link": .text(movie.link), "played": .bool(played),
      ]
    case .watched(let entry, let row, let added):
      return [
        "row": .int(row.number), "added": .bool(added),
        "movie": movieValue(entry.movie, row: row.number),
      ]
    case .watchedRange(let change):
      return [
        "added": .bool(change.adding),
        "changed": .strings(change.changed.map(\.description)),
        "unchanged": .strings(change.unchanged.map(\.description)),
      ]
    case .unwatched(let movie, let removed):
      return ["removed": .bool(removed), "title": .string(movie.title), "id": .text(movie.id)]
    case .watchlistEntry(let entry, let number):
      return [
        "entry": .string(RowLabel(number, .entry).description),
        "movie": Self.entry(entry, number: number),
      ]
    case .sessions(let sessions, _):
      return [
        "sessions": .array(
          sessions.enumerated().map { offset, session in
            .object([
              "number": .int(offset + 1), "source": .string(session.source),
              "rows": .int(session.rows), "genreName": .text(session.genreName),
              "saved": .number(session.saved.timeIntervalSince1970),
              "query": Self.query(session.query),
            ])
          })
      ]
    }
  }

  private func movieValue(_ movie: Movie, row: Int) -> JSONValue {
    Self.movie(movie, row: row, watchedAmong: watched)
  }

  /// A batch's `from`: what its numbers count.
  private static func origin(of kind: RowLabel.Kind) -> String {
    switch kind {
    case .row: "list"
    case .entry: "watchlist"
    case .match: "search"
    }
  }

  /// A watchlist entry: a movie (its `row` the entry's number), `entry` (`w1`), `source`
  /// (`offline` or the API's address) and `added` (seconds since 1970).

  private static func entry(_ entry: WatchEntry, number: Int) -> JSONValue {
    var object = movieFields(entry.movie, row: number, watched: true)
    object["entry"] = .string(RowLabel(number, .entry).description)
    object["source"] = .string(entry.source)
    object["added"] = .number(entry.added.timeIntervalSince1970)
    return .object(object)
  }

  /// A saved thumbnail: where it is, what it is, and where the bytes came from
  /// (`source`, `disk` or `memory`).
  private static func thumbnail(_ saved: SavedThumbnail, row: Int) -> JSONObject {
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

  private static func list(_ list: ListStatus) -> JSONObject {
    [
      "loaded": .int(list.loadedCount), "shown": .int(list.shownCount),
      "total": .int(list.totalCount), "complete": .bool(list.isComplete),
      "query": query(list.query),
    ]
  }

  private static func query(_ query: MovieQuery) -> JSONValue {
    var fields: JSONObject = [
      "genreId": .string(query.genreID), "order": .string(query.order),
      "count": .int(query.pageSize),
    ]
    // A view a `find` of filters made: its filters as typed, and a vote floor the source added.
    if !query.filterText.isEmpty {
      fields["filters"] = .string(query.filterText)
      if let votes = query.minimumVotes { fields["minimumVotes"] = .int(votes) }
    }
    return .object(fields)
  }

  /// The movie, `watched` when its key is among `keys`.
  private static func movie(_ movie: Movie, row: Int, watchedAmong keys: Set<String>?) -> JSONValue
  {
    let watched = keys?.contains(WatchEntry.key(for: movie)) ?? false
    return .object(movieFields(movie, row: row, watched: watched))
  }

  private static func movieFields(_ movie: Movie, row: Int, watched: Bool) -> JSONObject {
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
  private static func playback(_ playback: Playback?) -> JSONValue {
    guard let playback else { return .null }
    return .object([
      "played": .bool(playback.played), "position": .int(playback.position),
      "length": .int(playback.length),
    ])
  }

  /// Where it streams, rents and sells, as lists of names; null when the source does not say.
  private static func providers(_ providers: WatchProviders?) -> JSONValue {
    guard let providers else { return .null }
    return .object([
      "region": .string(providers.region), "stream": .strings(providers.stream),
      "rent": .strings(providers.rent), "buy": .strings(providers.buy),
      "link": .text(providers.link),
    ])
  }

  private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
