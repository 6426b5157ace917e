import Dispatch
import Foundation
import MoviesCore
import Synchronization

/// The library in one SQLite file: WAL, a busy timeout so two `movies` at once both get
/// through, every write a transaction. Calls run on the library's own queue, never on the
/// Swift concurrency pool, since SQLite blocks on the disk and on other processes' locks.
public final class SQLiteLibrary: Library {
  /// The file, as messages name it.
  public let path: String
  /// The connection; the mutex makes `SQLiteLibrary` Sendable, the queue keeps it off the pool.
  private let database: Mutex<SQLiteDatabase>
  private let queue = DispatchQueue(label: "movies.library")

  /// True when the file or its folder cannot be written: the watchlist is read, never
  /// changed, and no session is saved.
  public let isReadOnly: Bool
  /// The watchlist's columns for the file's version (older only when it is read-only).
  private let watchlistColumns: String

  /// The connection's wait for other processes' locks, reached without the mutex, so a
  /// cancelled task stops the wait its call is in.
  private let busyWait: SQLiteDatabase.BusyWait

  private init(
    path: String, database: sending SQLiteDatabase, readOnly: Bool,
    version: Int = LibrarySchema.latest
  ) {
    self.path = path
    busyWait = database.busyWait
    self.database = Mutex(database)
    isReadOnly = readOnly
    watchlistColumns = LibrarySchema.watchlistColumns(version: version)
  }

  /// `MOVIES_DB` when set (`/dev/null` turns the library off: nil), else
  /// `$XDG_DATA_HOME/movies/movies.sqlite3`, else `~/.local/share/movies/movies.sqlite3`.
  public static func location(environment: [String: String]) -> String? {
    if let path = environment["MOVIES_DB"], !path.isEmpty {
      return path == "/dev/null" ? nil : path
    }
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return data + "/movies/movies.sqlite3"
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return home + "/.local/share/movies/movies.sqlite3"
  }

  /// Opens the file, creating it (mode 0600, its folder 0700) when it is missing, and brings
  /// its schema up to date. A file that is not a database, or is from a newer version, is
  /// refused and left exactly as it was.
  public static func open(path: String) async throws(LibraryError) -> SQLiteLibrary {
    let result: Result<SQLiteLibrary, LibraryError> = await withCheckedContinuation { done in
      DispatchQueue.global().async {
        done.resume(returning: Result { () throws(LibraryError) in try openNow(path: path) })
      }
    }
    return try result.get()
  }

  /// The same as ``open(path:)``, on the calling thread.
  private static func openNow(path: String) throws(LibraryError) -> SQLiteLibrary {
    let access = try LibraryFile.prepare(path)
    do {
      // Read before anything writes (switching to WAL writes to the header): a file that is
      // not a database, is another program's, or is from a newer version is refused here,
      // untouched.
      let (database, ours, version) = try openReadingHeader(path, access)
      guard ours else { throw LibraryError.notADatabase(path: path) }
      if version > LibrarySchema.latest {
        throw LibraryError.newerVersion(path: path, version: version, known: LibrarySchema.latest)
      }
      if access == .readOnly || database.isReadOnly {
        // Nothing can be migrated: a file older than the sessions table cannot be read.
        guard version >= LibrarySchema.oldestReadable else {
          throw LibraryError.notWritable(path: path)
        }
        return SQLiteLibrary(path: path, database: database, readOnly: true, version: version)
      }
      try database.query("PRAGMA journal_mode = WAL")
      // Marked once; a file already marked and up to date is not written to at all, so
      // opening never waits for another process's lock.
      if try database.applicationID() == 0 {
        try database.transaction {
          if try database.applicationID() == 0 {
            try database.setApplicationID(LibrarySchema.applicationID)
          }
        }
      }
      try LibrarySchema.migrate(database)
      return SQLiteLibrary(path: path, database: database, readOnly: false)
    } catch let error as SQLiteError {
      throw libraryError(error, path: path)
    } catch LibrarySchema.MigrationError.newer(let version) {
      throw .newerVersion(path: path, version: version, known: LibrarySchema.latest)
    } catch LibrarySchema.MigrationError.sqlite(let error) {
      throw libraryError(error, path: path)
    } catch let error as LibraryError {
      throw error
    } catch {
      throw .failed(path: path, reason: "\(error)")
    }
  }

  /// The connection, whether the file is ours, and its version.
  private static func openReadingHeader(_ path: String, _ access: LibraryFile.Access)
    throws(SQLiteError) -> (SQLiteDatabase, Bool, Int)
  {
    let database = try SQLiteDatabase(
      path: path, access: access == .readOnly ? .readOnly : .readWrite)
    do {
      let (ours, version) = try readHeader(database)
      return (database, ours, version)
    } catch
      where access == .readOnly
      && [SQLiteError.readOnly, SQLiteError.cannotOpen].contains(error.code)
    {
      // A WAL file whose folder cannot be written: no -shm can be made to read it with
      // (SQLITE_READONLY_CANTINIT).
      let immutable = try SQLiteDatabase(path: path, access: .immutable)
      let (ours, version) = try readHeader(immutable)
      return (immutable, ours, version)
    }
  }

  /// Whether the file is ours, and its version, read in one transaction, so a process
  /// migrating the file at this moment cannot be caught half-way.
  private static func readHeader(_ database: SQLiteDatabase) throws(SQLiteError) -> (Bool, Int) {
    try database.query("BEGIN")
    let ours = try LibrarySchema.isOurs(database)
    let version = try database.userVersion()
    try database.query("COMMIT")
    return (ours, version)
  }

  /// SQLite's result codes, as the sentence the user reads.
  static func libraryError(_ error: SQLiteError, path: String) -> LibraryError {
    switch error.code {
    case SQLiteError.notADatabase, SQLiteError.corrupt: .notADatabase(path: path)
    case SQLiteError.readOnly, SQLiteError.cannotOpen, SQLiteError.permission:
      .notWritable(path: path)
    case SQLiteError.full: .diskFull(path: path)
    case SQLiteError.busy, SQLiteError.locked: .busy(path: path)
    default: .failed(path: path, reason: error.message)
    }
  }

  /// Runs `work` on the library's queue with the connection. Cancelling the task (Ctrl-C)
  /// stops its wait for another process's lock at once, even before the work has started.
  private func run<T: Sendable>(_ work: @escaping @Sendable (SQLiteDatabase) throws -> T)
    async throws(LibraryError) -> T
  {
    let call = Mutex((operation: Int?.none, cancelled: false))
    let result: Result<T, LibraryError> = await withTaskCancellationHandler {
      await withCheckedContinuation { done in
        queue.async {
          let operation = self.busyWait.begin()
          call.withLock { call in
            call.operation = operation
            if call.cancelled { self.busyWait.cancel(operation) }
          }
          done.resume(returning: self.runNow(work))
        }
      }
    } onCancel: {
      call.withLock { call in
        call.cancelled = true
        call.operation.map(busyWait.cancel)
      }
    }
    return try result.get()
  }

  /// ``run(_:)`` on the queue: the work, and its errors as the user reads them.
  private func runNow<T: Sendable>(_ work: @Sendable (SQLiteDatabase) throws -> T)
    -> Result<T, LibraryError>
  {
    do {
      return .success(try database.withLock { database in try work(database) })
    } catch let error as SQLiteError {
      let cancelled =
        busyWait.wasCancelled && [SQLiteError.busy, SQLiteError.locked].contains(error.code)
      return .failure(
        cancelled ? .cancelledWaiting(path: path) : Self.libraryError(error, path: path))
    } catch let error as LibraryError {
      return .failure(error)
    } catch {
      return .failure(.failed(path: path, reason: "\(error)"))
    }
  }

  /// Runs a change on the library's queue; a read-only library refuses it at once.
  private func write<T: Sendable>(_ work: @escaping @Sendable (SQLiteDatabase) throws -> T)
    async throws(LibraryError) -> T
  {
    if isReadOnly { throw .readOnly(path: path) }
    return try await run(work)
  }

  public func add(_ entry: WatchEntry) async throws(LibraryError) -> Bool {
    try await write { database in
      try database.transaction {
        let movie = entry.movie
        try database.query(
          """
          INSERT INTO watchlist (source, movie_key, movie_id, title, genres, rating,
            release_date, link, thumbnail, added_at, running_time, grade, rating_count)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (source, movie_key) DO NOTHING
          """,
          [
            .text(entry.source), .text(entry.key), text(movie.id), .text(movie.title),
            .text(movie.genres.joined(separator: Self.genreSeparator)),
            movie.rating.map(SQLiteValue.real) ?? .null, text(movie.releaseDate),
            text(movie.link), text(movie.thumbnail), .real(entry.added.timeIntervalSince1970),
            movie.runningTime.map { .integer(Int64($0)) } ?? .null, text(movie.grade),
            movie.ratingCount.map { .integer(Int64($0)) } ?? .null,
          ])
        return try database.query("SELECT changes()").first?.first?.integer == 1
      }
    }
  }

  public func remove(source: String, key: String) async throws(LibraryError) -> Bool {
    try await write { database in
      try database.transaction {
        try database.query(
          "DELETE FROM watchlist WHERE source = ? AND movie_key = ?", [.text(source), .text(key)])
        return try database.query("SELECT changes()").first?.first?.integer == 1
      }
    }
  }

  public func watchlist() async throws(LibraryError) -> [WatchEntry] {
    try await run { [watchlistColumns] database in
      try database.query(
        "SELECT \(watchlistColumns) FROM watchlist ORDER BY added_at DESC, rowid DESC"
      ).map(Self.entry)
    }
  }

  public func watchedKeys(source: String) async throws(LibraryError) -> Set<String> {
    try await run { database in
      Set(
        try database.query("SELECT movie_key FROM watchlist WHERE source = ?", [.text(source)])
          .compactMap { $0.first?.text })
    }
  }

  public func watchedKeys(source: String, among keys: [String]) async throws(LibraryError)
    -> Set<String>
  {
    guard !keys.isEmpty else { return [] }
    // One statement whatever the number of keys: they go in as a JSON array, looked up in
    // the primary key's index.
    let list = String(
      decoding: (try? JSONSerialization.data(withJSONObject: keys)) ?? Data("[]".utf8),
      as: UTF8.self)
    return try await run { database in
      Set(
        try database.query(
          """
          SELECT movie_key FROM watchlist
          WHERE source = ? AND movie_key IN (SELECT value FROM json_each(?))
          """, [.text(source), .text(list)]
        ).compactMap { $0.first?.text })
    }
  }

  public func entry(_ number: Int) async throws(LibraryError) -> (entry: WatchEntry?, count: Int) {
    try await run { [watchlistColumns] database in
      // Newest first through the index on added_at: no sort of the whole watchlist.
      let entry = try database.query(
        """
        SELECT \(watchlistColumns)
        FROM watchlist ORDER BY added_at DESC, rowid DESC LIMIT 1 OFFSET ?
        """, [.integer(Int64(max(0, number - 1)))]
      ).first.map(Self.entry)
      let count = try database.query("SELECT count(*) FROM watchlist").first?.first?.integer
      return (number >= 1 ? entry : nil, Int(count ?? 0))
    }
  }

  public func saveSession(_ session: SavedSession) async throws(LibraryError) {
    // A read-only file was reported when it opened, saying no session would be saved.
    if isReadOnly { return }
    try await write { database in
      try database.transaction {
        // The same list saved again (left twice at one place) moves up instead of taking
        // another of the few places.
        if let newest = try Self.sessions(in: database, limit: 1).first,
          newest.session.isSameList(as: session)
        {
          try database.query("DELETE FROM sessions WHERE id = ?", [.integer(newest.id)])
        }
        try database.query(
          """
          INSERT INTO sessions (source, genre_id, genre_name, sort_order, page_size, rows,
            saved_at)
          VALUES (?, ?, ?, ?, ?, ?, ?)
          """,
          [
            .text(session.source), .text(session.query.genreID), text(session.genreName),
            .text(session.query.order), .integer(Int64(session.query.pageSize)),
            .integer(Int64(session.rows)), .real(session.saved.timeIntervalSince1970),
          ])
        try database.query(
          "DELETE FROM sessions WHERE id NOT IN (SELECT id FROM sessions ORDER BY id DESC LIMIT ?)",
          [.integer(Int64(SavedSession.kept))])
      }
    }
  }

  /// A session whose values no session can have (``SavedSession/problem``) is left out;
  /// when it is the newest, the one `resume` would reopen, that is an error naming the file.
  public func savedSessions() async throws(LibraryError) -> [SavedSession] {
    let sessions = try await run { database in
      try Self.sessions(in: database, limit: SavedSession.kept).map(\.session)
    }
    if let problem = sessions.first?.problem {
      throw .damagedSession(path: path, problem: problem)
    }
    return sessions.filter { $0.problem == nil }
  }

  /// The newest sessions with their row ids; a row with a missing or wrong-typed value is
  /// left out, since the file is outside data.
  private static func sessions(in database: SQLiteDatabase, limit: Int) throws
    -> [(id: Int64, session: SavedSession)]
  {
    try database.query(
      """
      SELECT id, source, genre_id, genre_name, sort_order, page_size, rows, saved_at
      FROM sessions ORDER BY id DESC LIMIT ?
      """, [.integer(Int64(limit))]
    ).compactMap { row in
      guard row.count == 8, let id = row[0].integer, let source = row[1].text,
        let genre = row[2].text, let order = row[4].text, let pageSize = row[5].integer,
        let rows = row[6].integer, let saved = row[7].real
      else { return nil }
      let session = SavedSession(
        source: source,
        query: MovieQuery(genreID: genre, order: order, pageSize: Int(clamping: pageSize)),
        genreName: row[3].text, rows: Int(clamping: rows),
        saved: Date(timeIntervalSince1970: saved))
      return (id, session)
    }
  }

  /// Genre names may hold commas; the unit separator cannot come from a page's text.
  private static let genreSeparator = "\u{1F}"

  private static func entry(_ row: [SQLiteValue]) -> WatchEntry {
    func value(_ index: Int) -> SQLiteValue { row.indices.contains(index) ? row[index] : .null }
    let genres = value(3).text.map { $0.split(separator: genreSeparator).map(String.init) } ?? []
    let movie = Movie(
      id: value(1).text, title: value(2).text ?? "", genres: genres,
      thumbnail: value(7).text, link: value(6).text, rating: value(4).real,
      ratingCount: value(11).integer.flatMap { $0 >= 0 ? Int(clamping: $0) : nil },
      releaseDate: value(5).text,
      runningTime: value(9).integer.map { Int(clamping: $0) }, grade: value(10).text)
    return WatchEntry(
      source: value(0).text ?? "", movie: movie,
      added: Date(timeIntervalSince1970: value(8).real ?? 0))
  }
}

private func text(_ optional: String?) -> SQLiteValue {
  optional.map(SQLiteValue.text) ?? .null
}
