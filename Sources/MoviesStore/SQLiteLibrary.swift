import Dispatch
import Foundation
import MoviesCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The library in one SQLite file: WAL, a busy timeout so two `movies` at once both get
/// through, every write a transaction. Calls run on the library's own queue, never on the
/// Swift concurrency pool, since SQLite blocks on the disk and on other processes' locks.
public final class SQLiteLibrary: Library {
  /// The file, as messages name it.
  public let path: String
  /// The connection; the mutex makes `SQLiteLibrary` Sendable, the queue keeps it off the pool.
  private let database: Mutex<SQLiteDatabase>
  private let queue = DispatchQueue(label: "movies.library")

  private init(path: String, database: sending SQLiteDatabase) {
    self.path = path
    self.database = Mutex(database)
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
    try create(path)
    do {
      let database = try SQLiteDatabase(path: path)
      // Read before anything writes: a file that is not a database, is from a newer version,
      // or is another program's (version 0 with tables in it) is refused here, untouched
      // (switching to WAL writes to the header). One statement reads both, so a process
      // migrating the file at this moment cannot be caught half-way.
      let header = try database.query(
        "SELECT user_version, (SELECT count(*) FROM sqlite_master) FROM pragma_user_version")
      let version = Int(header.first?.first?.integer ?? 0)
      if version > LibrarySchema.latest {
        throw LibraryError.newerVersion(path: path, version: version, known: LibrarySchema.latest)
      }
      if version == 0, header.first?.last?.integer != 0 {
        throw LibraryError.notADatabase(path: path)
      }
      try database.query("PRAGMA journal_mode = WAL")
      try LibrarySchema.migrate(database)
      return SQLiteLibrary(path: path, database: database)
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

  /// Makes the folder and an empty file only readable by the user; SQLite gives its `-wal`
  /// and `-shm` files the same mode. An existing file is left alone.
  private static func create(_ path: String) throws(LibraryError) {
    // mkdir -p, one level at a time, so each failure has its errno.
    var folder = path.hasPrefix("/") ? "" : "."
    for part in path.split(separator: "/").dropLast() {
      folder += "/" + part
      if mkdir(folder, 0o700) != 0, errno != EEXIST { throw fileError(errno: errno, path) }
    }
    let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if descriptor >= 0 {
      Glibc.close(descriptor)
    } else if errno != EEXIST {
      throw fileError(errno: errno, path)
    }
  }

  private static func fileError(errno code: Int32, _ path: String) -> LibraryError {
    switch code {
    case ENOSPC, EDQUOT: .diskFull(path: path)
    case EACCES, EPERM, EROFS, ENOTDIR, EISDIR: .notWritable(path: path)
    default: .failed(path: path, reason: String(cString: strerror(code)))
    }
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

  /// Runs `work` on the library's queue with the connection.
  private func run<T: Sendable>(_ work: @escaping @Sendable (SQLiteDatabase) throws -> T)
    async throws(LibraryError) -> T
  {
    let result: Result<T, LibraryError> = await withCheckedContinuation { done in
      queue.async {
        let outcome: Result<T, LibraryError>
        do {
          outcome = .success(try self.database.withLock { database in try work(database) })
        } catch let error as SQLiteError {
          outcome = .failure(Self.libraryError(error, path: self.path))
        } catch {
          outcome = .failure(.failed(path: self.path, reason: "\(error)"))
        }
        done.resume(returning: outcome)
      }
    }
    return try result.get()
  }

  public func add(_ entry: WatchEntry) async throws(LibraryError) -> Bool {
    try await run { database in
      try database.transaction {
        let movie = entry.movie
        try database.query(
          """
          INSERT INTO watchlist (source, movie_key, movie_id, title, genres, rating,
            release_date, link, thumbnail, added_at, running_time, grade)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (source, movie_key) DO NOTHING
          """,
          [
            .text(entry.source), .text(entry.key), text(movie.id), .text(movie.title),
            .text(movie.genres.joined(separator: Self.genreSeparator)),
            movie.rating.map(SQLiteValue.real) ?? .null, text(movie.releaseDate),
            text(movie.link), text(movie.thumbnail), .real(entry.added.timeIntervalSince1970),
            movie.runningTime.map { .integer(Int64($0)) } ?? .null, text(movie.grade),
          ])
        return try database.query("SELECT changes()").first?.first?.integer == 1
      }
    }
  }

  public func remove(source: String, key: String) async throws(LibraryError) -> Bool {
    try await run { database in
      try database.transaction {
        try database.query(
          "DELETE FROM watchlist WHERE source = ? AND movie_key = ?", [.text(source), .text(key)])
        return try database.query("SELECT changes()").first?.first?.integer == 1
      }
    }
  }

  public func watchlist() async throws(LibraryError) -> [WatchEntry] {
    try await run { database in
      try database.query(
        """
        SELECT source, movie_id, title, genres, rating, release_date, link, thumbnail,
          added_at, running_time, grade
        FROM watchlist ORDER BY added_at DESC, rowid DESC
        """
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

  public func saveSession(_ session: SavedSession) async throws(LibraryError) {
    try await run { database in
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

  public func savedSessions() async throws(LibraryError) -> [SavedSession] {
    try await run { database in
      try Self.sessions(in: database, limit: SavedSession.kept).map(\.session)
    }
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
      releaseDate: value(5).text, runningTime: value(9).integer.map { Int(clamping: $0) },
      grade: value(10).text)
    return WatchEntry(
      source: value(0).text ?? "", movie: movie,
      added: Date(timeIntervalSince1970: value(8).real ?? 0))
  }
}

private func text(_ optional: String?) -> SQLiteValue {
  optional.map(SQLiteValue.text) ?? .null
}
