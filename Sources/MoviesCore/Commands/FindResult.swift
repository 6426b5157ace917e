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

  public init(
    text: String, matches: [MovieSearch.Match], list: ListStatus, elapsed: Duration,
    stopped: Bool = false, failure: (any Error)? = nil
  ) {
    self.text = text
    self.matches = matches
    self.list = list
    self.elapsed = elapsed
    self.stopped = stopped
    self.failure = failure
  }

  /// `9 matches in 58,788 movies (0.9 s)`, or `No movie matches 'TEXT' in …` (the text as
  /// typed: the renderer escapes it); a search that did not reach the end says how far
  /// it got (`3 matches in 1,280 of 58,788 movies (0.4 s); stopped: 'find' again goes on.`).
  public var summary: String {
    let count =
      switch matches.count {
      case 0: "No movie matches '\(text)'"
      case 1: "1 match"
      default: "\(Format.grouped(matches.count)) matches"
      }
    let searched = Format.grouped(list.loadedCount)
    let time = Format.duration(elapsed)
    guard list.isComplete else {
      let total = list.totalCount.map { " of \(Format.grouped($0))" } ?? ""
      let why =
        if stopped {
          "stopped: 'find' again goes on"
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
}
