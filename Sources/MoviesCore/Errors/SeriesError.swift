/// Why `episodes N` could not go into a series.
public enum SeriesError: Swift.Error, Sendable, Hashable, UserFacingError {
  /// The row named is a film, not a series or an episode of one.
  case notASeries(RowLabel, title: String)
  /// The series has no season of that number; `seasons` are the ones it has.
  case noSuchSeason(Int, series: String, seasons: [Int])
  /// The series lists no season, or the season no episode.
  case noEpisodes(series: String, season: Int?)
  /// `play N` on a series row: every episode of it was played.
  case allPlayed(series: String)
  /// `next` before any episode was played in this session.
  case nothingPlayed
  /// `next` after the series' last episode, named as `The 100 S01E03 "Earth Skills"`.
  case noNextEpisode(after: String)

  /// The code `--json` reports it with.
  public var code: ErrorCode {
    if case .noSuchSeason = self { return .noSuchRow }
    return .usage
  }

  /// What went wrong and what to type instead.
  public var message: String {
    switch self {
    case .notASeries(let label, let title):
      "\(label.spoken(capitalized: true)), "
        + "\(TextRenderer.quoted(title)), is a film: 'episodes N' goes into a series; "
        + "type 'series' to list them."
    case .noSuchSeason(let number, let series, let seasons):
      "\(TextRenderer.quoted(series)) has no season \(number)"
        + (seasons.isEmpty ? "." : "; its seasons are \(Self.spans(seasons)).")
    case .noEpisodes(let series, let season):
      season.map { "Season \($0) of \(TextRenderer.quoted(series)) has no episodes." }
        ?? "\(TextRenderer.quoted(series)) has no episodes."
    case .allPlayed(let series):
      "Every episode of \(TextRenderer.quoted(series)) has been played; "
        + "'episodes N' lists them to play one again."
    case .nothingPlayed:
      "No episode was played in this session: 'play N' on a series row plays its next episode."
    case .noNextEpisode(let episode):
      "\(episode) is the last episode there is: nothing comes next."
    }
  }

  /// `1 to 5`, or `0, 1, 2, 7` when the numbers are not a run.
  static func spans(_ numbers: [Int]) -> String {
    let sorted = numbers.sorted()
    guard let first = sorted.first, let last = sorted.last else { return "" }
    if sorted.count > 2, sorted == Array(first...last) { return "\(first) to \(last)" }
    let shown = sorted.prefix(12).map(String.init).joined(separator: ", ")
    return shown + (sorted.count > 12 ? ", …" : "")
  }
}
