/// Why a watchlist command could not be carried out, when the library itself is fine.
public enum WatchlistError: Swift.Error, Sendable, Equatable, UserFacingError {
  case noSuchEntry(Int, count: Int)
  /// `thumb wN` for a movie saved from another source, whose thumbnail this one cannot load.
  case thumbnailElsewhere(entry: Int, source: String)

  public var code: ErrorCode {
    if case .noSuchEntry = self { return .noSuchRow }
    return .thumbnail
  }

  public var message: String {
    switch self {
    case .noSuchEntry(let entry, let count):
      count == 0
        ? "There is no entry w\(entry): the watchlist is empty; 'watch N' adds row N."
        : "There is no entry w\(entry); the watchlist has w1 to w\(count) ('watchlist' lists them)."
    case .thumbnailElsewhere(let entry, let source):
      "Entry w\(entry) comes from \(source == "offline" ? "the offline catalogue" : source); "
        + "its thumbnail loads only there. 'open w\(entry)' and 'show w\(entry)' work here."
    }
  }
}

/// The watchlist and `resume`.
extension CommandRunner {
  func executeOnLibrary(_ command: Command) async throws -> (CommandOutcome, [String]) {
    let library = try openLibrary()
    switch command {
    case .watch(let row):
      let entry = WatchEntry(source: sourceID, movie: try await browser.movie(atRow: row))
      return (.watched(entry, row: row, added: try await library.add(entry)), [])
    case .unwatch(let row):
      let movie = try await browser.movie(atRow: row)
      let removed = try await library.remove(source: sourceID, key: WatchEntry.key(for: movie))
      return (.unwatched(movie, removed: removed), [])
    case .watchlist:
      return (.watchlist(try await library.watchlist()), [])
    case .onWatchlist(let action, let number):
      return try await perform(action, onEntry: number, in: library)
    case .resume:
      guard let saved = try await library.savedSession() else { throw LibraryError.nothingSaved }
      guard saved.source == sourceID else { throw LibraryError.otherSource(saved: saved.source) }
      let load = try await ListSwitchFailure.retrying("resume") {
        try await browser.resume(with: saved.query, rows: saved.rows)
      }
      return (.resumed(load.added, load.status), load.warnings)
    default:
      return (.quit, [])
    }
  }

  private func openLibrary() throws(LibraryError) -> any Library {
    switch library {
    case .open(let library): library
    case .off: throw .off
    case .unavailable(let error): throw error
    }
  }

  private func perform(
    _ action: Command.WatchlistAction, onEntry number: Int, in library: any Library
  )
    async throws -> (CommandOutcome, [String])
  {
    let entries = try await library.watchlist()
    guard entries.indices.contains(number - 1) else {
      throw WatchlistError.noSuchEntry(number, count: entries.count)
    }
    let entry = entries[number - 1]
    switch action {
    case .show:
      return (.watchlistEntry(entry, number: number), [])
    case .open:
      return (try await open(entry.movie, row: number), [])
    case .unwatch:
      let removed = try await library.remove(source: entry.source, key: entry.key)
      return (.unwatched(entry.movie, removed: removed), [])
    case .thumb:
      guard entry.source == sourceID else {
        throw WatchlistError.thumbnailElsewhere(entry: number, source: entry.source)
      }
      let saved = try await browser.thumbnails.save(
        entry.movie, row: number, label: "w", from: browser.source)
      return (.thumbnailSaved(saved, row: number), [])
    }
  }

  /// The watched keys of this source when the outcome shows movies in a table; nil otherwise,
  /// and when the library is not there (no column then).
  func watchedKeys(_ outcome: CommandOutcome) async -> Set<String>? {
    switch outcome {
    case .pageLoaded, .list, .restarted, .found, .resumed, .movie, .watched, .unwatched:
      return await watchedKeys()
    default:
      return nil
    }
  }

  /// The watched keys of this source, for tables printed while a command runs (`find`'s);
  /// nil without a library.
  public func watchedKeys() async -> Set<String>? {
    guard case .open(let library) = library else { return nil }
    return try? await library.watchedKeys(source: sourceID)
  }

  /// Remembers the query and its depth for `resume`; nil when it was saved (or there is no
  /// library), else the sentence saying why not.
  public func saveSession() async -> String? {
    guard case .open(let library) = library else { return nil }
    let list = await browser.status
    let session = SavedSession(source: sourceID, query: list.query, rows: list.loadedCount)
    do {
      try await library.saveSession(session)
      return nil
    } catch {
      return error.message
    }
  }
}
