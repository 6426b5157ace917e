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
  let watchlistColumns: String
  /// The saved sessions' columns for the file's version, likewise.
  let sessionsColumns: String
  /// Whether the file has the diary (version 7 on; older only when it is read-only).
  let hasDiary: Bool
  /// The sources the file held no watchlist entry or diary line of, when last read.
  let emptySources: EmptySources

  /// The connection's wait for other processes' locks, reached without the mutex, so a
  /// cancelled task stops the wait its call is in.
  private let busyWait: SQLiteDatabase.BusyWait

  init(
    path: String, database: sending SQLiteDatabase, readOnly: Bool,
    version: Int = LibrarySchema.latest
  ) {
    self.path = path
    busyWait = database.busyWait
    self.database = Mutex(database)
    isReadOnly = readOnly
    watchlistColumns = LibrarySchema.watchlistColumns(version: version)
    sessionsColumns = LibrarySchema.sessionsColumns(version: version)
    hasDiary = version >= LibrarySchema.diaryVersion
    emptySources = EmptySources(path: path)
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

  /// Runs `work` on the library's queue with the connection. Cancelling the task (Ctrl-C)
  /// stops its wait for another process's lock at once, even before the work has started.
  func run<T: Sendable>(_ work: @escaping @Sendable (SQLiteDatabase) throws -> T)
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
  func write<T: Sendable>(_ work: @escaping @Sendable (SQLiteDatabase) throws -> T)
    async throws(LibraryError) -> T
  {
    if isReadOnly { throw .readOnly(path: path) }
    defer { emptySources.wrote() }
    return try await run(work)
  }
}

extension SQLiteValue {
  /// Text, or NULL when there is none.
  static func text(orNull optional: String?) -> SQLiteValue {
    optional.map(SQLiteValue.text) ?? .null
  }
}
