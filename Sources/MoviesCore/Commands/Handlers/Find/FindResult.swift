/// What `find` found, and how far through the list it searched. Made in the core, by Swift's
/// memberwise init.
public struct FindResult: Sendable {
  /// The text typed after `find`.
  public var text: String
  /// Every matching row, in row order; or the matches among the server's results, f1 to fN.
  public var matches: [MovieSearch.Match]
  /// The list after the search: every page a scan loaded has joined it.
  public var list: ListStatus
  /// How long the search took.
  public var elapsed: Duration
  /// True when Ctrl-C stopped the search before the end of the list.
  public var stopped = false
  /// The failure that stopped the search, when a page could not be loaded.
  public var failure: (any Error)? = nil
  /// The server's results, when the source searched on its server: the list is then as it
  /// was, and the matches are numbered apart from it.
  public var results: ListStatus? = nil
  /// For `similar N`: the title of the film the matches are like.
  public var like: String? = nil

  /// The largest row number the matches' table must fit: of the results, else the list.
  public var largestRow: Int { (results ?? list).largestRow }

  /// Whether the search failed before anything came to search: its error line says all
  /// there is, so a person is told once (issue 42), not also by the summary.
  public var failedBeforeAnyRow: Bool {
    failure != nil && !stopped && (results ?? list).loadedCount == 0
  }

  /// What a `find` that Ctrl-C stopped failed with: the summary says how far it got.
  static let stoppedProblem = CommandProblem.Partial(
    message: "Cancelled; the rows loaded and the matches found so far are kept, and 'find' "
      + "again goes on from there.",
    code: .cancelled)

  /// `9 matches in 58,788 movies (0.9 s)`, or `No movie matches 'TEXT' in …` (the text as
  /// typed: the renderer escapes it); a search that did not reach the end says how far
  /// it got (`3 matches in 1,280 of 58,788 movies (0.4 s); stopped.`, the error line then
  /// saying what to type). A search whose first page failed says it could not search.
  public var summary: String {
    if let like {
      let films = matches.count == 1 ? "1 film" : "\(Format.grouped(matches.count)) films"
      return matches.isEmpty
        ? "The source names no film like '\(like)' (\(Format.duration(elapsed)))."
        : "\(films) like '\(like)' (\(Format.duration(elapsed)))"
    }
    let count =
      switch matches.count {
      case 0: "No movie matches '\(text)'"
      case 1: "1 match"
      default: "\(Format.grouped(matches.count)) matches"
      }
    let searched = Format.grouped(list.loadedCount)
    let time = Format.duration(elapsed)
    // Nothing came to search: "no movie matches among 0" would say the search was made.
    if failedBeforeAnyRow {
      let why =
        results == nil
        ? "no page of the list could be loaded"
        : "the server's search failed before any result came"
      return "Could not search for '\(text)': \(why) (\(time))."
    }
    // Nothing matched because the source failed part-way: that is what happened, not "no
    // movie matches", which would claim the rest was searched.
    if failure != nil, !stopped, matches.isEmpty, !(failure is Browser.ScanStop) {
      let total = list.totalCount.map { " of \(Format.grouped($0))" } ?? ""
      let what =
        results.map { "\(Format.grouped($0.loadedCount)) search results" }
        ?? "\(searched)\(total) movies"
      return "Could not finish searching for '\(text)': a page failed after \(what), none of "
        + "which matches (\(time)); 'find' again goes on."
    }
    if let results { return serverSummary(count, results: results, time: time) }
    guard list.isComplete else {
      let total = list.totalCount.map { " of \(Format.grouped($0))" } ?? ""
      return
        "\(count) in \(searched)\(total) movies (\(time)); \(unfinished(endless: "the list does not end"))."
    }
    return "\(count) in \(searched) movies (\(time))"
  }

  private func serverSummary(_ count: String, results: ListStatus, time: String) -> String {
    if results.isComplete, results.loadedCount == 0 {
      return "\(count) in the source's search (\(time))"
    }
    let among = "\(count) among \(Format.grouped(results.loadedCount)) search results (\(time))"
    return results.isComplete
      ? among : among + "; \(unfinished(endless: "the results do not end"))."
  }

  /// Why a search ended before the list or the results did; `endless` says it when they
  /// would not end.
  private func unfinished(endless: String) -> String {
    if stopped { return "stopped" }
    if failure is Browser.ScanStop { return endless }
    if failure != nil { return "a page failed: 'find' again goes on" }
    return "the server sent no more rows"
  }
}
