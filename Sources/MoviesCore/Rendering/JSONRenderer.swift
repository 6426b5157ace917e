import Foundation

/// Renders command results as one JSON object per line, for `--json` and `jq`.
///
/// Every object has `command` and `ok`; a failure has `error: {code, message}` (the error's
/// ``ErrorCode`` and the sentence the `describer` makes of it, the words text mode prints);
/// warnings, when any, are in `warnings`. The README documents each shape.
/// Strings are the server's text as sent; control characters, DEL, C1 controls and
/// bidirectional overrides are written as `\uXXXX` escapes, so the line itself is safe on a
/// terminal, but a consumer that prints strings raw (`jq -r`) gets them as they are.
public enum JSONRenderer {
  public static func render(
    _ result: CommandResult, of command: Command, describer: ErrorDescriber = .plain
  ) -> Reply {
    var object: [String: Any] = ["command": command.name]
    // The verdict is the result's (``CommandResult/problem``), as in text mode.
    var reply = Reply(for: result, describer: describer)
    object["ok"] = reply.error == nil
    if let problem = result.problem, let message = reply.error {
      object["error"] = ["code": describer.code(for: problem.error).rawValue, "message": message]
    }
    if case .success(let outcome) = result.outcome {
      object.merge(fields(of: outcome, watched: result.watched, describer: describer)) {
        _, new in new
      }
      // `thumb wN`: the row is the entry's number; say which list it is from.
      if case .onWatchlist(_, let entry) = command { object["entry"] = "w\(entry)" }
    }
    if !reply.warnings.isEmpty { object["warnings"] = reply.warnings }
    reply.output = line(object)
    return reply
  }

  /// A line that is not a command: `{"command": null, "input": …, "ok": false, "error": …}`.
  public static func render(
    parseError error: Command.ParseError, line text: String, describer: ErrorDescriber = .plain
  ) -> String {
    line([
      "command": NSNull(), "input": text, "ok": false,
      "error": [
        "code": describer.code(for: error).rawValue, "message": describer.message(for: error),
      ],
    ])
  }

  private static func fields(
    of outcome: CommandOutcome, watched: Set<String>?, describer: ErrorDescriber
  ) -> [String: Any] {
    func movieObject(_ movie: Movie, row: Int) -> [String: Any] {
      JSONRenderer.movieObject(
        movie, row: row, watched: watched?.contains(WatchEntry.key(for: movie)) ?? false)
    }
    func listFields(_ list: ListStatus, rows: [(row: Int, movie: Movie)]) -> [String: Any] {
      JSONRenderer.listFields(list, rows: rows.map { movieObject($0.movie, row: $0.row) })
    }
    switch outcome {
    case .pageLoaded(let added, let list), .restarted(let added, let list),
      .list(let added, let list):
      return listFields(list, rows: added.numbered)
    case .nothingMoreToLoad(let list):
      return listFields(list, rows: [])
    case .found(let found):
      var fields = listFields(found.list, rows: found.matches.map { ($0.row, $0.movie) })
      fields["text"] = found.text
      fields["stopped"] = found.stopped
      fields["seconds"] =
        Double(found.elapsed.components.seconds)
        + Double(found.elapsed.components.attoseconds) / 1e18
      return fields
    case .movie(let movie, let row, let thumbnail):
      return [
        "row": row, "movie": movieObject(movie, row: row), "thumbnailCache": thumbnail.name,
      ]
    case .thumbnailSaved(let saved, let row):
      return thumbnailObject(saved, row: row)
    case .thumbnailsSaved(let batch):
      return [
        "rows": batch.rows, "cancelled": batch.wasCancelled,
        "from": batch.label == "w" ? "watchlist" : "list",
        "saved": batch.rows.compactMap { row in
          batch.saved[row].map { thumbnailObject($0, row: row) }
        },
        "failed": batch.rows.compactMap { row in
          batch.failures[row].map {
            ["row": row, "message": describer.message(for: $0)] as [String: Any]
          }
        },
      ]
    case .help(let moreRemains):
      return [
        "commands": CommandSpec.all.filter { moreRemains || !$0.needsMore }.map(\.name),
        "moreRemains": moreRemains,
      ]
    case .commandHelp(let entry):
      return ["usage": entry.usage, "summary": entry.summary, "examples": entry.examples]
    case .quit:
      return [:]
    case .genres(let genres, let current):
      return ["genres": genres.map { ["id": $0.id, "name": $0.name] }, "current": current]
    case .link(let link, let row, let opening):
      return ["row": row, "link": link, "opened": opening == .opened]
    case .played(let movie, let row, let from):
      return ["row": row, "movie": movieObject(movie, row: row), "from": from]
    case .watched(let entry, let row, let added):
      return ["row": row, "added": added, "movie": movieObject(entry.movie, row: row)]
    case .unwatched(let movie, let removed):
      return [
        "removed": removed, "title": movie.title, "id": movie.id.map { $0 as Any } ?? NSNull(),
      ]
    case .watchlist(let entries):
      return [
        "entries": entries.enumerated().map { entryObject($0.element, number: $0.offset + 1) }
      ]
    case .watchlistEntry(let entry, let number):
      return ["entry": "w\(number)", "movie": entryObject(entry, number: number)]
    case .resumed(let added, let list):
      var fields = listFields(list, rows: added.numbered)
      fields["resumed"] = true
      return fields
    case .sessions(let sessions, _):
      return [
        "sessions": sessions.enumerated().map { offset, session in
          [
            "number": offset + 1, "source": session.source, "rows": session.rows,
            "genreName": session.genreName.map { $0 as Any } ?? NSNull(),
            "saved": session.saved.timeIntervalSince1970,
            "query": [
              "genreId": session.query.genreID, "order": session.query.order,
              "count": session.query.pageSize,
            ],
          ] as [String: Any]
        }
      ]
    }
  }

  /// A watchlist entry: a movie (its `row` the entry's number), `entry` (`w1`), `source`
  /// (`offline` or the API's address) and `added` (seconds since 1970).
  private static func entryObject(_ entry: WatchEntry, number: Int) -> [String: Any] {
    var object = movieObject(entry.movie, row: number, watched: true)
    object["entry"] = "w\(number)"
    object["source"] = entry.source
    object["added"] = entry.added.timeIntervalSince1970
    return object
  }

  /// A saved thumbnail: where it is, what it is, and where the bytes came from
  /// (`source`, `disk` or `memory`).
  private static func thumbnailObject(_ saved: SavedThumbnail, row: Int) -> [String: Any] {
    let origin =
      switch saved.origin {
      case .source: "source"
      case .diskCache: "disk"
      case .memoryCache: "memory"
      }
    var object: [String: Any] = [
      "row": row, "file": saved.file.relativePath, "format": saved.format.displayName,
      "bytes": saved.byteCount, "origin": origin,
      "seconds": Double(saved.elapsed.components.seconds)
        + Double(saved.elapsed.components.attoseconds) / 1e18,
    ]
    if let size = saved.pixelSize {
      object["width"] = size.width
      object["height"] = size.height
    }
    return object
  }

  private static func listFields(_ list: ListStatus, rows: [[String: Any]]) -> [String: Any] {
    [
      "rows": rows,
      "loaded": list.loadedCount,
      "shown": list.shownCount,
      "total": list.totalCount.map { $0 as Any } ?? NSNull(),
      "complete": list.isComplete,
      "query": [
        "genreId": list.query.genreID, "order": list.query.order, "count": list.query.pageSize,
      ],
    ]
  }

  private static func movieObject(_ movie: Movie, row: Int, watched: Bool) -> [String: Any] {
    func value(_ optional: (some Any)?) -> Any { optional.map { $0 as Any } ?? NSNull() }
    return [
      "row": row, "id": value(movie.id), "title": movie.title, "genres": movie.genres,
      "rating": value(movie.rating), "ratingCount": value(movie.ratingCount),
      "releaseDate": value(movie.releaseDate), "runningTime": value(movie.runningTime),
      "grade": value(movie.grade), "link": value(movie.link), "thumbnail": value(movie.thumbnail),
      "otherFields": movie.otherFields, "watched": watched, "overview": value(movie.overview),
      "playback": value(
        movie.playback.map { playback -> [String: Any] in
          [
            "played": playback.played, "position": playback.position,
            "length": value(playback.length),
          ]
        }),
    ]
  }

  /// Sorted keys, so the same result always prints the same bytes. A value JSON cannot hold
  /// (an infinite or NaN rating read back from the database) becomes `null`, so the object
  /// is still whole, `command` and all.
  private static func line(_ object: [String: Any]) -> String {
    func encoded(_ object: Any) -> Data? {
      try? JSONSerialization.data(
        withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    }
    guard let data = encoded(object) ?? encoded(representable(object)) else {
      let fallback: [String: Any] = [
        "command": object["command"] ?? NSNull(), "ok": false,
        "error": ["code": ErrorCode.internal.rawValue, "message": "unencodable"],
      ]
      return String(decoding: encoded(fallback) ?? Data(), as: UTF8.self) + "\n"
    }
    return escapeForTerminals(String(decoding: data, as: UTF8.self)) + "\n"
  }

  /// The value with every number JSON cannot write (infinity, NaN) replaced by `null`.
  static func representable(_ value: Any) -> Any {
    switch value {
    case let number as Double: number.isFinite ? number : NSNull()
    case let list as [Any]: list.map(representable)
    case let object as [String: Any]: object.mapValues(representable)
    default: value
    }
  }

  /// JSONSerialization escapes C0 controls only; DEL, C1 controls and bidirectional
  /// overrides become `\uXXXX` too, the same JSON value, so a line shown on a terminal (at
  /// the prompt, or by `cat`) cannot drive it. Outside strings JSON text is ASCII, so every
  /// such character is inside a string.
  static func escapeForTerminals(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: TerminalText.needsEscape) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      if TerminalText.needsEscape(scalar) {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
