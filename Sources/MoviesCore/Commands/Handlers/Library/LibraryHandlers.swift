/// Why a watchlist command could not be carried out, when the library itself is fine.
public enum WatchlistError: Swift.Error, Sendable, Equatable, UserFacingError {
  case noSuchEntry(Int, count: Int)
  /// `thumb wN` for a movie saved from another source, whose thumbnail this one cannot load.
  case thumbnailElsewhere(entry: Int, source: String)
  /// `play wN` for a movie saved from another source, whose stream only that one has.
  case playsElsewhere(entry: Int, source: String)
  /// `trailer wN` or `similar wN` for a movie saved from another source, which only that one
  /// knows by its id.
  case knownElsewhere(entry: Int, source: String)

  /// The code `--json` reports it with.
  public var code: ErrorCode {
    switch self {
    case .noSuchEntry: .noSuchRow
    case .thumbnailElsewhere: .thumbnail
    case .playsElsewhere: .noStream
    case .knownElsewhere: .usage
    }
  }

  /// What went wrong and, where a command helps, what to type.
  public var message: String {
    switch self {
    case .noSuchEntry(let entry, let count):
      count == 0
        ? "There is no entry w\(entry): the watchlist is empty; 'watch N' adds row N."
        : "There is no entry w\(entry); the watchlist has w1 to w\(count) ('watchlist' lists them)."
    case .thumbnailElsewhere(let entry, let source):
      "Entry w\(entry) comes from \(Self.named(source)); "
        + "its thumbnail loads only there. 'open w\(entry)' and 'show w\(entry)' work here."
    case .playsElsewhere(let entry, let source):
      "Entry w\(entry) comes from \(Self.named(source)); "
        + "it plays only there. 'open w\(entry)' and 'show w\(entry)' work here."
    case .knownElsewhere(let entry, let source):
      "Entry w\(entry) comes from \(Self.named(source)); its trailer and the films like it "
        + "are known only there. 'open w\(entry)' and 'show w\(entry)' work here."
    }
  }

  private static func named(_ source: String) -> String {
    RecordedSource.spoken(source)
  }
}

/// The watchlist and `resume`.
extension CommandContext {
  /// `watchlist`: every entry, newest first.
  func watchlist() async throws -> Handled {
    Handled(WatchlistListed(entries: await marked(try await openLibrary().watchlist())))
  }

  /// `resume`, `resume N` and `resume list`.
  func resume(_ command: Command) async throws -> Handled {
    switch command {
    case .resumeSession(let number):
      let (outcome, warnings) = try await resume(number, retrying: "resume \(number)")
      return Handled(outcome, warnings: warnings)
    case .sessions:
      return Handled(
        SessionsListed(sessions: try await openLibrary().savedSessions(), current: sourceID))
    default:
      let (outcome, warnings) = try await resume(1, retrying: "resume")
      return Handled(outcome, warnings: warnings)
    }
  }

  /// Reopens the `number`th newest session kept, with its genre's name (saved with it, or
  /// looked up for a session saved before names were).
  func resume(_ number: Int, retrying command: String) async throws -> (
    any CommandOutcome, [String]
  ) {
    let sessions = try await openLibrary().savedSessions()
    guard !sessions.isEmpty else { throw LibraryError.nothingSaved }
    guard sessions.indices.contains(number - 1) else {
      throw LibraryError.noSuchSession(number, count: sessions.count)
    }
    let saved = sessions[number - 1]
    guard saved.source == sourceID else { throw LibraryError.otherSource(saved: saved.source) }
    var genreName = saved.genreName
    if genreName == nil, !saved.query.genreID.isEmpty {
      genreName = try? await Self.genre(for: saved.query.genreID, in: genreSource).name
    }
    let query = try await reopened(saved.query)
    let load = try await ListSwitchFailure.retrying(command) { [genreName] in
      try await browser.resume(with: query, genreName: genreName, rows: saved.rows)
    }
    return (ListOutcome.resumed(load.added, load.status), load.warnings)
  }

  /// Which of the movies the outcome shows in a table are watched; nil when it shows none,
  /// and when the library is not there (no column then). Only their keys are looked up.
  func watchedKeys(_ outcome: any CommandOutcome) async -> Set<String>? {
    guard let shown = outcome.shownMovies, case .open(let library) = library else { return nil }
    // A page's keys are looked up in the index; the rows of a long `list` are more than any
    // watchlist, whose keys are then read whole (587,880 keys took 2.6 s before its first line).
    if shown.count > Self.keysLookedUpOneByOne {
      return try? await library.watchedKeys(source: sourceID)
    }
    return try? await library.watchedKeys(source: sourceID, among: shown.map(WatchEntry.key))
  }

  /// Past this many rows in a table, the watched marks come from the source's whole
  /// watchlist rather than a lookup of each row's key.
  static let keysLookedUpOneByOne = 1_000

  /// The watched keys of this source, for tables printed while a command runs (`find`'s);
  /// nil without a library.
  public func watchedKeys() async -> Set<String>? {
    guard case .open(let library) = library else { return nil }
    return try? await library.watchedKeys(source: sourceID)
  }

  /// Remembers the query and its depth for `resume` when the list moved since `start` (its
  /// query, or how far `more` went) and is not `continue`'s, so leaving at once keeps the
  /// session saved before; nil
  /// when it was saved, or there was nothing to save or no library, else the sentence saying
  /// why not.
  public func saveSession(ifMovedFrom start: ListStatus) async -> String? {
    guard case .open(let library) = library else { return nil }
    let list = await browser.status
    guard list.query != start.query || list.shownCount != start.shownCount else { return nil }
    // `continue`'s list changes as films are watched: the session before it stays kept.
    // Nor does a season's episodes or next up: a session reopens a browsing list.
    guard case .titles = list.query.listing else { return nil }
    let session = SavedSession(
      source: sourceID, query: list.query, genreName: list.genreName,
      rows: min(list.shownCount, SavedSession.maximumRows))
    do {
      try await library.saveSession(session)
      return nil
    } catch {
      return error.message
    }
  }
}
