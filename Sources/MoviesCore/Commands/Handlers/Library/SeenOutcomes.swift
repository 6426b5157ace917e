import Foundation

/// `seen N` or `unseen N`: the film as it is now, and whether that changed anything.
struct MarkedSeen: CommandOutcome {
  var movie: Movie
  var row: RowLabel
  var seen: Bool
  /// False when it was so already.
  var changed: Bool
  /// The day the diary noted, for a source whose marks the diary keeps; nil for a server.
  var diaryDate: Date?

  func text(_ renderer: TextRenderer) -> String {
    let title = TextRenderer.quoted(movie.title)
    let state = seen ? "seen" : "not seen"
    guard changed else {
      return "\(row.spoken(capitalized: true)), \(title), was marked \(state) already.\n"
    }
    let kept = diaryDate.map { seen ? " (in the diary, \(Self.day($0)))" : " (out of the diary)" }
    return "Marked \(row.spoken()), \(title), as \(state)\(kept ?? "").\n"
  }

  var proseIndent: String? { "" }

  func jsonFields(_ fields: JSONFields) -> JSONObject {
    var object: JSONObject = [
      "row": .string(row.description), "seen": .bool(seen), "changed": .bool(changed),
      "movie": fields.movieValue(movie, row: row.number),
    ]
    if let diaryDate, seen { object["seenOn"] = .string(Self.day(diaryDate)) }
    return object
  }

  var shownMovies: [Movie]? { [movie] }

  /// A day as the diary notes it: `2026-12-05`, in local time.
  static func day(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter.string(from: date)
  }
}

/// `seen 2-5` or `unseen w1-w3`: which labels changed, and which were so already.
struct SeenRangeChange: CommandOutcome {
  var labels: RowLabels
  var seen: Bool
  var changed: [RowLabel] = []
  var unchanged: [RowLabel] = []

  /// "Marked 3 films of rows 2-5 as seen; 4 was marked so already."
  func text(_ renderer: TextRenderer) -> String {
    let noun =
      switch labels.kind {
      case .row: "rows"
      case .entry: "entries"
      case .match: "matches"
      }
    let state = seen ? "seen" : "not seen"
    guard !changed.isEmpty else {
      return "All of \(noun) \(labels) were marked \(state) already.\n"
    }
    let count = changed.count == 1 ? "1 film" : "\(changed.count) films"
    let others = unchanged.map(\.description).joined(separator: ", ")
    return "Marked \(count) of \(noun) \(labels) as \(state)"
      + (unchanged.isEmpty
        ? "" : "; \(others) \(unchanged.count == 1 ? "was" : "were") marked so already")
      + ".\n"
  }

  var proseIndent: String? { "" }

  func jsonFields(_ fields: JSONFields) -> JSONObject {
    [
      "seen": .bool(seen), "changed": .strings(changed.map(\.description)),
      "unchanged": .strings(unchanged.map(\.description)),
    ]
  }
}
