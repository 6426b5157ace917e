import Dispatch
import MoviesCore

/// Opening the file: creating it, refusing one that is not ours, bringing its schema up to date.
extension SQLiteLibrary {
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
      try database.retryingWhileBusy { () throws(SQLiteError) in
        try database.query("PRAGMA journal_mode = WAL")
      }
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
}
