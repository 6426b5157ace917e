import Synchronization

/// The rows in view: what the last table printed showed. `thumb all`, Tab's row numbers and
/// `pick` act on these, never on rows loaded out of sight (a `find` loads the whole list, but
/// only its matches are in view).
public enum RowsInView: Sendable, Hashable {
  /// Rows of the list: a page of it (`more`, `genre`, `order`, `resume`), the rows `list`
  /// printed, or a `find`'s matches.
  case rows([Int])
  /// The watchlist, as `watchlist` last listed it: entries w1 to wN.
  case watchlist(count: Int)

  /// The list's row numbers in view; none when the watchlist is.
  public var rowNumbers: [Int] {
    if case .rows(let rows) = self { return rows }
    return []
  }

  /// How many watchlist entries are in view; none when the list's rows are.
  public var entryCount: Int {
    if case .watchlist(let count) = self { return count }
    return 0
  }

  /// The rows in view after `outcome`, which came after `before` on the list `query` had.
  /// A command that prints a table puts its rows in view; one that starts another list
  /// (even with no rows: `skip` past a switch's failed first page) leaves none of the old
  /// ones, whose numbers now mean other movies; any other command leaves the view as it was.
  static func after(_ outcome: CommandOutcome, before: RowsInView, query: MovieQuery) -> RowsInView
  {
    switch outcome {
    case .pageLoaded(let added, let list), .restarted(let added, let list),
      .resumed(let added, let list), .list(let added, let list):
      if let rows = added.range { return .rows(Array(rows)) }
      return list.query == query ? before : .rows([])
    case .found(let found):
      return found.matches.isEmpty ? before : .rows(found.matches.map(\.row))
    case .watchlist(let entries):
      return .watchlist(count: entries.count)
    default:
      return before
    }
  }
}

/// What one session's commands leave for the next: the rows in view, and the watchlist as
/// `watchlist` last listed it, so `w2` means the same entry until the next listing (after
/// `unwatch w1`, too).
public final class ViewState: Sendable {
  struct State {
    var rows = RowsInView.rows([])
    /// The entries `watchlist` listed last, by their number; nil before the first listing.
    var listing: [WatchEntry]?
  }

  private let state = Mutex(State())

  public init() {}

  /// The rows in view.
  public var rows: RowsInView { state.withLock { $0.rows } }

  /// The last listing, or nil before the first.
  var listing: [WatchEntry]? { state.withLock { $0.listing } }

  /// Notes what a command showed: its rows in view, and a watchlist listing.
  func record(_ outcome: CommandOutcome, query: MovieQuery) {
    state.withLock { state in
      state.rows = RowsInView.after(outcome, before: state.rows, query: query)
      if case .watchlist(let entries) = outcome { state.listing = entries }
    }
  }
}
