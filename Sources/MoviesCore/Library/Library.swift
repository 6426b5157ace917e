import Foundation

/// Where the watchlist and the saved session are kept across runs. The SQLite implementation
/// lives beside the core, in `MoviesStore`; tests use their own.
public protocol Library: Sendable {
  /// Adds an entry unless its movie is already there; returns false when it was.
  func add(_ entry: WatchEntry) async throws(LibraryError) -> Bool
  /// Removes the entry of a movie; returns false when there was none.
  func remove(source: String, key: String) async throws(LibraryError) -> Bool
  /// Keeps the overview and running time of the entry with `entry`'s source and key as
  /// `entry` has them (``WatchEntry/refreshed(from:)``); returns false when there is none.
  func update(_ entry: WatchEntry) async throws(LibraryError) -> Bool
  /// Every entry, newest first.
  func watchlist() async throws(LibraryError) -> [WatchEntry]
  /// The keys of the watched movies of one source, to mark them in tables.
  func watchedKeys(source: String) async throws(LibraryError) -> Set<String>
  /// Which of `keys` are watched movies of one source: only a page's keys are looked up, so
  /// a long watchlist costs `more` nothing.
  func watchedKeys(source: String, among keys: [String]) async throws(LibraryError) -> Set<String>
  /// Entry `number` (1 for the newest), and how many entries there are.
  func entry(_ number: Int) async throws(LibraryError) -> (entry: WatchEntry?, count: Int)
  /// Saves a session as the newest, keeping the last ``SavedSession/kept``; one the same as
  /// the newest (source, query and rows) replaces it instead of filling a place.
  func saveSession(_ session: SavedSession) async throws(LibraryError)
  /// The sessions kept, newest first.
  func savedSessions() async throws(LibraryError) -> [SavedSession]
  /// Notes `movie` of `source` in the diary as seen `on` a date, or takes it out; returns
  /// false when it was so already (``Diary``).
  func setSeen(_ seen: Bool, movie: Movie, source: String, on date: Date) async throws(LibraryError)
    -> Bool
  /// What the diary says of `keys` of `source`: when each was seen, and whether it holds any
  /// film of that source at all.
  func diary(source: String, among keys: [String]) async throws(LibraryError) -> Diary
}

extension Library {
  /// The session saved last, if any.
  public func savedSession() async throws(LibraryError) -> SavedSession? {
    try await savedSessions().first
  }
}

extension Library {
  /// The keys among `keys` on the watchlist from `source`; by default from the whole list's.
  public func watchedKeys(source: String, among keys: [String]) async throws(LibraryError)
    -> Set<String>
  {
    Set(keys).intersection(try await watchedKeys(source: source))
  }

  /// Entry `number` (from 1, newest first) and how many there are; nil past the end.
  public func entry(_ number: Int) async throws(LibraryError) -> (entry: WatchEntry?, count: Int) {
    let entries = try await watchlist()
    return (entries.indices.contains(number - 1) ? entries[number - 1] : nil, entries.count)
  }
}

/// A watched movie, with what it takes to show it offline.
public struct WatchEntry: Sendable, Hashable {
  /// Where the movie came from: `offline`, or the API's address.
  public var source: String
  /// The movie as it was listed, kept so it shows offline.
  public var movie: Movie
  /// When it was put on the watchlist.
  public var added: Date

  /// An entry for `movie` from `source`, added now unless told.
  public init(source: String, movie: Movie, added: Date = Date()) {
    self.source = source
    self.movie = movie
    self.added = added
  }

  /// Where the entry comes from, short enough for a table column: `offline`, or the API's
  /// host and port.
  public var sourceLabel: String {
    guard !RecordedSource.isOffline(source), let host = URL(string: source)?.host else {
      return source
    }
    return host + (URL(string: source)?.port.map { ":\($0)" } ?? "")
  }

  /// The entry with what one chooses by as `movie` says it now: its overview and running
  /// time, what was watched of it, and its details (directors, cast, tagline, trailer), so
  /// `show wN` says what `show N` does; the rest stays as kept.
  public func refreshed(from movie: Movie) -> WatchEntry {
    var entry = self
    entry.movie = self.movie.changing { fields in
      fields.overview = movie.overview ?? fields.overview
      fields.runningTime = movie.runningTime ?? fields.runningTime
      fields.playback = movie.playback
      fields.tagline = movie.tagline ?? fields.tagline
      if !movie.directors.isEmpty { fields.directors = movie.directors }
      if !movie.cast.isEmpty { fields.cast = movie.cast }
      fields.trailer = movie.trailer ?? fields.trailer
      fields.providers = movie.providers ?? fields.providers
      fields.imdbID = movie.imdbID ?? fields.imdbID
    }
    return entry
  }

  /// The movie's identity within its source: the `movieId`, else its title and date.
  public var key: String { Self.key(for: movie) }

  /// The key a movie is kept by: its kind and id (`id:1399` for a film, as keys were before
  /// series; `series:1399`, `episode:…` for the other kinds), else its title and release date.
  public static func key(for movie: Movie) -> String {
    let kind = movie.kind == .film ? "" : movie.kind.rawValue + ":"
    if let id = movie.id, !id.isEmpty { return (kind.isEmpty ? "id:" : kind) + id }
    return kind + "title:" + movie.title + "\u{1F}" + (movie.releaseDate ?? "")
  }
}

/// What `resume` reopens: the source, the query and how many rows were shown.
public struct SavedSession: Sendable, Hashable {
  /// How many sessions the library keeps.
  public static let kept = 5

  /// The source, as ``RecordedSource`` spells it.
  public var source: String
  /// The genre, order and page size browsed.
  public var query: MovieQuery
  /// The genre's name when it was saved, so a resumed genre shows by name; nil for every
  /// genre, or when the name was not known.
  public var genreName: String?
  /// How many rows were loaded, which `resume` loads again.
  public var rows: Int
  /// When it was saved.
  public var saved: Date

  /// A session from its parts, saved now unless told.
  public init(
    source: String, query: MovieQuery, genreName: String? = nil, rows: Int, saved: Date = Date()
  ) {
    self.source = source
    self.query = query
    self.genreName = genreName
    self.rows = rows
    self.saved = saved
  }

  /// Whether `other` reopens the same list at the same depth.
  public func isSameList(as other: SavedSession) -> Bool {
    // A session read back has its filters as typed, not the ids they were resolved to.
    source == other.source && query.withoutFilters == other.query.withoutFilters
      && query.filterText == other.query.filterText && rows == other.rows
  }

  /// The page sizes a session may have: those `--count` takes.
  public static let pageSizes = 1...1_000
  /// The deepest list a session may reopen: what one `find` may load (``Browser/scanRowLimit``).
  public static let maximumRows = 1_000_000

  /// Why a session read back from disk cannot be reopened, in a few words; nil when it can.
  /// The file is untrusted input: a page size of 0 divides by zero, a huge row count
  /// overflows, and an unknown source cannot be browsed.
  public var problem: String? {
    if !Self.pageSizes.contains(query.pageSize) { return "page size \(query.pageSize)" }
    if !(0...Self.maximumRows).contains(rows) { return "\(rows) rows" }
    if RecordedSource(source) == nil { return "an unknown source" }
    // Read back as a `find`'s text: a line's worth, with no control character.
    if query.filterText.count > 500 || query.filterText.contains(where: \.isNewline)
      || query.filterText.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
    {
      return "filters that are not a find's"
    }
    return nil
  }
}

/// The library as one session has it: turned off, open, or failed to open.
public enum LibraryAccess: Sendable {
  /// `MOVIES_DB=/dev/null`, or no home folder.
  case off
  case open(any Library)
  case unavailable(LibraryError)
}

/// Why the library cannot be used; every message names the file and says what to do.
public enum LibraryError: Swift.Error, Sendable, Equatable, UserFacingError {
  case notADatabase(path: String)
  case notWritable(path: String)
  /// A device, FIFO, folder or socket where the file should be: SQLite never sees it.
  case notARegularFile(path: String)
  /// The file can be read but not written: the watchlist is shown, not changed.
  case readOnly(path: String)
  case diskFull(path: String)
  case newerVersion(path: String, version: Int, known: Int)
  case busy(path: String)
  /// Ctrl-C while waiting for another program's lock on the file.
  case cancelledWaiting(path: String)
  case failed(path: String, reason: String)
  case off
  case nothingSaved
  /// The newest saved session's row holds values no session can have; it is ignored.
  case damagedSession(path: String, problem: String)
  case noSuchSession(Int, count: Int)
  case otherSource(saved: String)

  /// The code `--json` reports it with.
  public var code: ErrorCode {
    switch self {
    case .nothingSaved, .damagedSession, .noSuchSession, .otherSource: .noSession
    case .cancelledWaiting: .cancelled
    case .notADatabase, .notWritable, .notARegularFile, .readOnly, .diskFull, .newerVersion, .busy,
      .failed, .off:
      .watchlist
    }
  }

  /// What went wrong and, where a command helps, what to type.
  public var message: String {
    switch self {
    case .notADatabase(let path):
      "\(path) is not a movies database or is damaged; move it away to start a new "
        + "watchlist (it was left as it is)."
    case .notWritable(let path):
      "\(path) cannot be written; make it and its folder writable, or point MOVIES_DB "
        + "at another file."
    case .notARegularFile(let path):
      "\(path) is not a regular file (a device, a FIFO or a folder); point MOVIES_DB at a file, "
        + "or at /dev/null to keep no watchlist."
    case .readOnly(let path):
      "\(path) can only be read, so the watchlist cannot be changed and the session is not "
        + "saved; make the file and its folder writable to change them."
    case .diskFull(let path):
      "The disk holding \(path) is full; free some space and try again."
    case .newerVersion(let path, let version, let known):
      "\(path) was written by a newer movies (schema \(version), this one knows up to "
        + "\(known)); use the newer movies, or point MOVIES_DB at another file."
    case .busy(let path):
      "\(path) is held by another program; try again in a moment."
    case .cancelledWaiting(let path):
      "Cancelled while waiting for \(path), which another program holds; nothing was changed."
    case .failed(let path, let reason):
      "The watchlist in \(path) failed (\(reason)); try again, or point MOVIES_DB at another file."
    case .off:
      "The watchlist is off in this session (MOVIES_DB is /dev/null or there is no home folder)."
    case .nothingSaved:
      "No session is saved yet; one is saved when you leave the prompt."
    case .damagedSession(let path, let problem):
      "The session saved in \(path) is damaged (\(problem)), so there is nothing to resume; "
        + "leaving the prompt saves a new one."
    case .noSuchSession(let number, let count):
      "There is no saved session \(number); 'resume list' lists the \(count) kept."
    case .otherSource(let saved):
      "The saved session browsed \(RecordedSource.spoken(saved)); "
        + "start movies on that source to resume it."
    }
  }
}
