import CSQLite
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// One SQLite value, bound to a statement or read from a row.
enum SQLiteValue: Sendable, Hashable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)

  var text: String? {
    if case .text(let text) = self { return text }
    return nil
  }

  var integer: Int64? {
    if case .integer(let value) = self { return value }
    return nil
  }

  var real: Double? {
    switch self {
    case .real(let value): value
    case .integer(let value): Double(value)
    default: nil
    }
  }
}

/// What SQLite said when a call failed: its primary and extended result codes and its message.
struct SQLiteError: Error, Sendable, Equatable {
  /// The primary result code (`SQLITE_BUSY`, `SQLITE_NOTADB`, …).
  var code: Int32
  var extendedCode: Int32
  var message: String
  /// What was being done: `open`, `prepare`, `bind`, `step`, …
  var operation: String

  static let corrupt = SQLITE_CORRUPT
  static let notADatabase = SQLITE_NOTADB
  static let full = SQLITE_FULL
  static let readOnly = SQLITE_READONLY
  static let cannotOpen = SQLITE_CANTOPEN
  static let permission = SQLITE_PERM
  static let busy = SQLITE_BUSY
  static let locked = SQLITE_LOCKED
  static let constraint = SQLITE_CONSTRAINT
  static let range = SQLITE_RANGE
  static let error = SQLITE_ERROR
}

/// The one owner of a SQLite connection: the only code that calls the C library. Every status
/// goes through ``check(_:_:)``; SQL is prepared once per text and values are always bound,
/// never spliced in.
///
/// Not thread-safe: one owner (``SQLiteLibrary``, behind a mutex on its own queue) uses it.
final class SQLiteDatabase {
  private let connection: OpaquePointer
  /// The busy handler's state; retained here for as long as the connection has the handler.
  let busyWait: BusyWait
  /// Prepared statements by their SQL text, reset after each use.
  private var statements: [String: OpaquePointer] = [:]

  /// How a connection may use its file.
  enum Access {
    case readWrite
    case readOnly
    /// Read-only, and no `-shm` file may be made beside it (its folder cannot be written):
    /// SQLite reads a WAL file then only when told nothing else changes it (`immutable`).
    case immutable
    /// `":memory:"`: a new empty database in memory.
    case inMemory
  }

  /// Opens an existing file; never creates or truncates one.
  /// - Parameter busyTimeout: how long a statement waits for another process's lock.
  init(path: String, access: Access = .readWrite, busyTimeout: Duration = .seconds(5))
    throws(SQLiteError)
  {
    var handle: OpaquePointer?
    let (name, flags): (String, Int32) =
      switch access {
      case .readWrite: (path, SQLITE_OPEN_READWRITE)
      case .readOnly: (path, SQLITE_OPEN_READONLY)
      case .immutable: (Self.uri(path) + "?immutable=1", SQLITE_OPEN_READONLY | SQLITE_OPEN_URI)
      case .inMemory: (path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_MEMORY)
      }
    let status = sqlite3_open_v2(name, &handle, flags | SQLITE_OPEN_NOMUTEX, nil)
    guard let handle else {
      throw SQLiteError(
        code: SQLITE_NOMEM, extendedCode: SQLITE_NOMEM, message: "out of memory",
        operation: "open")
    }
    connection = handle
    busyWait = BusyWait(timeout: busyTimeout)
    do {
      try check(status, "open")
      try check(sqlite3_extended_result_codes(connection, 1), "extended_result_codes")
      try check(
        sqlite3_busy_handler(
          connection, BusyWait.handler, Unmanaged.passUnretained(busyWait).toOpaque()),
        "busy_handler")
    } catch {
      sqlite3_close_v2(handle)
      throw error
    }
  }

  /// A `file:` URI for a path: every byte but letters, digits, `/`, `-`, `.`, `_` and `~`
  /// percent-encoded, so `?`, `#` and `%` in a name stay part of it.
  private static func uri(_ path: String) -> String {
    "file:"
      + path.utf8.map { byte in
        let character = Character(Unicode.Scalar(byte))
        return character.isASCII && (character.isLetter || character.isNumber)
          || "/-._~".contains(character)
          ? String(character) : String(format: "%%%02X", byte)
      }.joined()
  }

  // finalize and close_v2 only repeat an earlier statement's error, or defer the close
  // until the statements are gone; there is nothing left to report them to.
  deinit {
    for statement in statements.values { sqlite3_finalize(statement) }
    sqlite3_close_v2(connection)
  }

  /// The single place where a status becomes an error. `SQLITE_OK`, `SQLITE_ROW` and
  /// `SQLITE_DONE` pass.
  @discardableResult
  private func check(_ status: Int32, _ operation: String) throws(SQLiteError) -> Int32 {
    switch status {
    case SQLITE_OK, SQLITE_ROW, SQLITE_DONE: return status
    default:
      let message = sqlite3_errmsg(connection).map { String(cString: $0) } ?? "unknown error"
      throw SQLiteError(
        code: status & 0xFF, extendedCode: sqlite3_extended_errcode(connection),
        message: message, operation: operation)
    }
  }

  /// Runs a statement and returns its rows, each a list of column values.
  @discardableResult
  func query(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> [[SQLiteValue]] {
    let statement = try prepared(sql)
    // reset only repeats the error of the step that failed, already thrown.
    defer {
      sqlite3_reset(statement)
      sqlite3_clear_bindings(statement)
    }
    let expected = Int(sqlite3_bind_parameter_count(statement))
    guard expected == values.count else {
      throw SQLiteError(
        code: SQLITE_RANGE, extendedCode: SQLITE_RANGE,
        message: "\(values.count) values for \(expected) parameters", operation: "bind")
    }
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let status: Int32 =
        switch value {
        case .null: sqlite3_bind_null(statement, index)
        case .integer(let number): sqlite3_bind_int64(statement, index, number)
        case .real(let number): sqlite3_bind_double(statement, index, number)
        case .text(let text):
          sqlite3_bind_text(statement, index, text, -1, movies_sqlite_transient())
        }
      try check(status, "bind")
    }
    var rows: [[SQLiteValue]] = []
    while try check(sqlite3_step(statement), "step") == SQLITE_ROW {
      rows.append((0..<sqlite3_column_count(statement)).map { column(statement, $0) })
    }
    return rows
  }

  /// Runs statements that take no values, such as a migration's `CREATE TABLE`s.
  func execute(script sql: String) throws(SQLiteError) {
    try check(sqlite3_exec(connection, sql, nil, nil, nil), "exec")
  }

  /// Runs `body` again while it fails busy, up to the busy timeout. For the few statements
  /// SQLite does not let the busy handler wait on: switching to WAL takes its exclusive lock
  /// in one try, and fails at once while another process is reading the header.
  func retryingWhileBusy<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
    let deadline = ContinuousClock.now + busyWait.timeout
    while true {
      do {
        return try body()
      } catch  where error.code == SQLiteError.busy && ContinuousClock.now < deadline {
        guard !busyWait.wasCancelled else { throw error }
        usleep(UInt32(BusyWait.interval.components.attoseconds / 1_000_000_000_000))
      }
    }
  }

  /// Runs `body` in one write transaction, taken at once (`BEGIN IMMEDIATE`) so two processes
  /// queue on the busy timeout instead of failing to upgrade a read lock. Rolls back on error.
  @discardableResult
  func transaction<T>(_ body: () throws -> T) throws -> T {
    try query("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try query("COMMIT")
      return result
    } catch {
      // A failed COMMIT or body leaves the transaction open; rolling back ends it.
      if sqlite3_get_autocommit(connection) == 0 { _ = try? query("ROLLBACK") }
      throw error
    }
  }

  /// The schema version stored in the file's header.
  func userVersion() throws(SQLiteError) -> Int {
    Int(try query("PRAGMA user_version").first?.first?.integer ?? 0)
  }

  /// Pragmas take no bound values; an integer formatted here cannot carry SQL.
  func setUserVersion(_ version: Int) throws(SQLiteError) {
    try execute(script: "PRAGMA user_version = \(version)")
  }

  /// The number in the header that says which program's file this is (0: none said).
  func applicationID() throws(SQLiteError) -> Int32 {
    Int32(truncatingIfNeeded: try query("PRAGMA application_id").first?.first?.integer ?? 0)
  }

  func setApplicationID(_ id: Int32) throws(SQLiteError) {
    try execute(script: "PRAGMA application_id = \(id)")
  }

  /// Every table, index and trigger, with its SQL, in a fixed order: what the file's schema is.
  func schema() throws(SQLiteError) -> [[SQLiteValue]] {
    try query("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")
  }

  /// Whether the connection can only read (the file or its folder cannot be written).
  var isReadOnly: Bool { sqlite3_db_readonly(connection, "main") == 1 }

  private func prepared(_ sql: String) throws(SQLiteError) -> OpaquePointer {
    if let statement = statements[sql] { return statement }
    var statement: OpaquePointer?
    try check(
      sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil),
      "prepare")
    guard let statement else {
      throw SQLiteError(
        code: SQLITE_MISUSE, extendedCode: SQLITE_MISUSE, message: "empty statement",
        operation: "prepare")
    }
    statements[sql] = statement
    return statement
  }

  private func column(_ statement: OpaquePointer, _ index: Int32) -> SQLiteValue {
    switch sqlite3_column_type(statement, index) {
    case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
    case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
    case SQLITE_NULL: return .null
    default:
      guard let bytes = sqlite3_column_text(statement, index) else { return .null }
      let count = Int(sqlite3_column_bytes(statement, index))
      return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
    }
  }
}
