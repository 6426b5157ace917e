/// What a command did, before it is rendered as text (or, later, JSON).
public enum CommandOutcome: Sendable {
  /// `more` loaded a page: the rows it added, and the list after it.
  case pageLoaded(AddedRows, ListStatus)
  /// `more` when everything is loaded: no request was made.
  case nothingMoreToLoad(ListStatus)
  /// `list`: the rows up to the browsing position (not those `find` loaded ahead of it).
  case list(AddedRows, ListStatus)
  /// `show N`: the movie and whether its thumbnail is cached.
  case movie(Movie, row: RowLabel, thumbnail: ThumbnailCacheState)
  case thumbnailSaved(SavedThumbnail, row: Int)
  /// `thumb N-M` or `thumb all`.
  case thumbnailsSaved(ThumbnailBatch)
  /// `help`; `orders` are the words the source sorts by, for `order`'s line.
  case help(moreRemains: Bool, orders: [String])
  /// `help CMD`.
  case commandHelp(CommandSpec, orders: [String])
  /// `genre` or `order` restarted the list and loaded its first page.
  case restarted(AddedRows, ListStatus)
  /// `genres`: every genre, and the id of the one browsed (empty for all).
  case genres([Genre], current: String)
  /// `find`: the rows that matched, with their row numbers, and how far the search got.
  case found(FindResult)
  /// `open`: the link, and whether it was handed to the desktop (else it is printed, and why).
  case link(String, row: RowLabel, opening: LinkOpening)
  /// `play N`: the film the player played, from this many seconds in, and where the player
  /// left it (played at 90 % or more); nil when the player did not say (no IPC).
  case played(Movie, row: RowLabel, from: Int, ended: Playback?)
  /// `trailer N`: the film with its trailer (``Movie/trailer``), and whether a player
  /// played it; else its link is printed (the warning says why).
  case trailer(Movie, row: RowLabel, played: Bool)
  /// `watch N`: the entry, its row, and false when it was already on the watchlist.
  case watched(WatchEntry, row: RowLabel, added: Bool)
  /// `unwatch N` or `unwatch wN`: the movie, and false when it was not on the watchlist.
  case unwatched(Movie, removed: Bool)
  /// `watch N-M` or `unwatch wN-wM`.
  case watchedRange(WatchRangeChange)
  /// `watchlist`: every entry, newest first (`w1` is the first).
  case watchlist([WatchEntry])
  /// `show wN`: watchlist entry N.
  case watchlistEntry(WatchEntry, number: Int)
  /// `resume` reopened the saved query: the rows of its last page, and the list.
  case resumed(AddedRows, ListStatus)
  /// `resume list`: the sessions kept, newest first, and which source this run browses.
  case sessions([SavedSession], current: String)
  case quit
}

/// A command's outcome, or the error that stopped it, and the warnings met on the way.
public struct CommandResult: Sendable {
  /// What the command did, or the error that stopped it.
  public var outcome: Result<CommandOutcome, any Error>
  /// Notes that did not stop the command (skipped rows), one sentence each.
  public var warnings: [String]
  /// What stopped a command after part of it was done (`more 5` failing at the third page):
  /// the outcome says what was done, and the command still counts as failed.
  public var stoppedBy: (any Error)?
  /// The watchlist keys of the browsed source, to mark watched rows; nil without a watchlist.
  public var watched: Set<String>?
  /// The rows in view after the command, which Tab offers; nil when unknown (a result made
  /// by hand).
  public var view: RowsInView?

  /// A result from its parts.
  public init(
    outcome: Result<CommandOutcome, any Error>, warnings: [String] = [],
    stoppedBy: (any Error)? = nil, watched: Set<String>? = nil, view: RowsInView? = nil
  ) {
    self.outcome = outcome
    self.warnings = warnings
    self.stoppedBy = stoppedBy
    self.watched = watched
    self.view = view
  }

  /// The list after the command, when the command changed it or reports it; nil when it
  /// left the list as it was. With the rows a reply shows, this is all the prompt needs.
  public var list: ListStatus? {
    guard case .success(let outcome) = outcome else { return nil }
    switch outcome {
    case .pageLoaded(_, let status), .restarted(_, let status), .resumed(_, let status),
      .nothingMoreToLoad(let status), .list(_, let status):
      return status
    case .found(let found): return found.list
    default: return nil
    }
  }
}

extension CommandResult {
  /// Every warning in the program's words: the notes met on the way, then each distinct disk
  /// cache problem of the saved thumbnails (one per problem, not one per row).
  public func warnings(describedBy describer: ErrorDescriber) -> [String] {
    var problems: [DiskCache.Error] = []
    switch outcome {
    case .success(.thumbnailSaved(let saved, _)):
      problems = saved.cacheProblem.map { [$0] } ?? []
    case .success(.thumbnailsSaved(let batch)):
      for row in batch.rows {
        if let problem = batch.saved[row]?.cacheProblem, !problems.contains(problem) {
          problems.append(problem)
        }
      }
    default: break
    }
    return warnings + problems.map(describer.message(for:))
  }
}

/// What `open N` did with a link.
public enum LinkOpening: Sendable, Hashable {
  case opened
  /// No program to open links with; the link is printed.
  case noOpener
  /// Not an http or https link, so it was not handed over; it is printed.
  case refusedScheme
}
