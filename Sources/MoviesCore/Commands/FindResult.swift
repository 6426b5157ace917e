/// What `find` found, and how far through the list it searched.
public struct FindResult: Sendable {
  /// The text typed after `find`.
  public var text: String
  /// Every matching row, in row order.
  public var matches: [MovieSearch.Match]
  /// The list after the search: every page it loaded has joined it.
  public var list: ListStatus
  public var elapsed: Duration
  /// True when Ctrl-C stopped the search before the end of the list.
  public var stopped: Bool
  /// The failure that stopped the search, when a page could not be loaded.
  public var failure: (any Error)?
  /// True when the source searched on its server, and the list is its results (or, with no
  /// results, the list as it was).
  public var searchedOnServer = false

  public init(
    text: String, matches: [MovieSearch.Match], list: ListStatus, elapsed: Duration,
    stopped: Bool = false, failure: (any Error)? = nil, searchedOnServer: Bool = false
  ) {
    self.searchedOnServer = searchedOnServer
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
    if searchedOnServer { return serverSummary(count, time: time) }
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

  private func serverSummary(_ count: String, time: String) -> String {
    guard list.query.isServerSearch else {
      return "\(count) in the source's search (\(time)); the list is as it was."
    }
    let results = "\(count) among \(Format.grouped(list.loadedCount)) search results (\(time))"
    if list.isComplete { return results }
    let why = stopped ? "stopped" : failure != nil ? "a page failed" : "the server sent no more"
    return results + "; \(why): the results loaded so far are the list, 'more' goes on."
  }
}
