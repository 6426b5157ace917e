import Synchronization

/// The rows in view: what the last table printed showed. `thumb all`, Tab's row numbers and
/// `pick` act on these, never on rows loaded out of sight (a `find` loads the whole list, but
/// only its matches are in view).
public enum RowsInView: Sendable, Hashable {
  /// Rows of the list: a page of it (`more`, `genre`, `order`, `resume`), the rows `list`
  /// printed, or the matches of a `find` that searched the list.
  case rows([Int])
  /// The watchlist, as `watchlist` last listed it: entries w1 to wN.
  case watchlist(count: Int)
  /// The matches of a `find` the source ran on its server: f1 to fN, not rows of the list.
  case matches(count: Int)

  /// The list's row numbers in view; none when the watchlist or a server search's matches
  /// are.
  public var rowNumbers: [Int] {
    if case .rows(let rows) = self { return rows }
    return []
  }

  /// What the numbers in view count: rows, watchlist entries or a server search's matches.
  public var kind: RowLabel.Kind {
    switch self {
    case .rows: .row
    case .watchlist: .entry
    case .matches: .match
    }
  }

  /// What Tab offers for a row: the rows' numbers, `w1`… or `f1`…
  public var labels: [String] {
    switch self {
    case .rows(let rows): rows.map(String.init)
    case .watchlist(let count), .matches(let count):
      (0..<count).map { RowLabel($0 + 1, kind).description }
    }
  }
}

/// What one session's commands leave for the next: the rows in view, the watchlist as
/// `watchlist` last listed it, so `w2` means the same entry until the next listing (after
/// `unwatch w1`, too), and the last server search's matches, so `f2` means the same movie
/// until the next such `find` that finds any.
public final class ViewState: Sendable {
  /// What is in view; each outcome notes what it showed (``CommandOutcome/record(in:query:)``).
  public struct State: Sendable {
    /// The rows in view: a command that prints a table puts its rows there; any other
    /// leaves the view as it was.
    public var rows = RowsInView.rows([])
    /// The entries `watchlist` listed last, by their number; nil before the first listing.
    public var listing: [WatchEntry]?
    /// The matches the last server search found, f1 to fN; nil before the first.
    public var matches: [Movie]?
    /// Whether the rows in view are a `find`'s matches among the list's rows, not pages.
    public var rowsAreMatches = false
    /// The last episode played in this session, the label it was played from, and the one
    /// after it when it was looked up (after it played out), for `next`.
    var lastEpisode: (episode: Movie, row: RowLabel, next: Movie?)?
  }

  private let state = Mutex(State())

  /// Nothing in view yet.
  public init() {}

  /// The rows in view.
  public var rows: RowsInView { state.withLock { $0.rows } }

  /// The last listing, or nil before the first.
  var listing: [WatchEntry]? { state.withLock { $0.listing } }

  /// The last server search's matches, or nil before the first.
  var matches: [Movie]? { state.withLock { $0.matches } }

  /// The last episode played in this session, for `next`; nil before the first.
  var lastEpisode: (episode: Movie, row: RowLabel, next: Movie?)? {
    state.withLock { $0.lastEpisode }
  }

  /// Whether the rows in view are the matches of a `find` through the list.
  var rowsAreMatches: Bool { state.withLock { $0.rowsAreMatches } }

  /// Notes what a command showed: its rows in view, and a watchlist listing.
  func record(_ outcome: any CommandOutcome, query: MovieQuery) {
    state.withLock { outcome.record(in: &$0, query: query) }
  }

  /// What was watched of `movie`'s title, from `source`, changed: the matches and the
  /// watchlist listing's entries from that source say so, as `show fN` and `show wN` then do.
  func updateMarks(of movie: Movie, from source: String) {
    let key = WatchEntry.key(for: movie)
    func marked(_ shown: Movie) -> Movie {
      WatchEntry.key(for: shown) == key ? shown.changing { $0.playback = movie.playback } : shown
    }
    state.withLock { state in
      state.matches = state.matches?.map(marked)
      state.listing = state.listing?.map { entry in
        guard entry.source == source else { return entry }
        var entry = entry
        entry.movie = marked(entry.movie)
        return entry
      }
    }
  }
}
