/// What `find` found, and how far through the list it searched.
public struct FindResult: Sendable {
  /// The text typed after `find`.
  public var text: String
  /// Every matching row, in row order; or the matches among the server's results, f1 to fN.
  public var matches: [MovieSearch.Match]
  /// The list after the search: every page a scan loaded has joined it.
  public var list: ListStatus
  public var elapsed: Duration
  /// True when Ctrl-C stopped the search before the end of the list.
  public var stopped: Bool
  /// The failure that stopped the search, when a page could not be loaded.
  public var failure: (any Error)?
  /// The server's results, when the source searched on its server: the list is then as it
  /// was, and the matches are numbered apart from it.
  public var results: ListStatus?

  public init(
    text: String, matches: [MovieSearch.Match], list: ListStatus, elapsed: Duration,
    stopped: Bool = false, failure: (any Error)? = nil, results: ListStatus? = nil
  ) {
    self.results = results
    self.text = text
    self.matches = matches
    self.list = list
    self.elapsed = elapsed
    self.stopped = stopped
    self.failure = failure
  }

  /// What a `find` that Ctrl-C stopped failed with: the summary says how far it got.
  static let stoppedProblem = CommandProblem.Partial(
    message: "Cancelled; the rows loaded and the matches found so far are kept, and 'find' "
      + "again goes on from there.",
    code: .cancelled)

  /// `9 matches in 58,788 movies (0.9 s)`, or `No movie matches 'TEXT' in …` (the text as
  /// typed: the renderer escapes it); a search that did not reach the end says how far
  /// it got (`3 matches in 1,280 of 58,788 movies (0.4 s); stopped.`, the error line then
  /// saying what to type).
  public var summary: String {
    let count =
      switch matches.count {
      case 0: "No movie matches '\(text)'"
      case 1: "1 match"
      default: "\(Format.grouped(matches.count)) matches"
      }
    let searched = Format.grouped(list.loadedCount)
    let time = Format.duration(elapsed)
    if let results { return serverSummary(count, results: results, time: time) }
    guard list.isComplete else {
      let total = list.totalCount.map { " of \(Format.grouped($0))" } ?? ""
      let why =
        if stopped {
          "stopped"
        } else if failure is Browser.ScanStop {
          "the list does not end"
        } else if failure != nil {
          "a page failed: 'find' again goes on"
        } else {
          "the server sent no more rows"
        }
      return "\(count) in \(searched)\(total) movies (\(time)); \(why)."
    }
    return "\(count) in \(searched) movies (\(time))"
  }

  private func serverSummary(_ count: String, results: ListStatus, time: String) -> String {
    if results.isComplete, results.loadedCount == 0 {
      return "\(count) in the source's search (\(time))"
    }
    let among = "\(count) among \(Format.grouped(results.loadedCount)) search results (\(time))"
    if results.isComplete { return among }
    let why =
      if stopped {
        "stopped: 'find' again goes on"
      } else if failure is Browser.ScanStop {
        "the results do not end"
      } else if failure != nil {
        "a page failed: 'find' again goes on"
      } else {
        "the server sent no more"
      }
    return among + "; \(why)."
  }
}
