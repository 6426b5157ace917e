import Foundation

/// Writes SQLite files with Python's `sqlite3` module: another program's hands, so a test can
/// make a damaged row or a foreign database without going through `movies`' own code.
public enum PythonSQLite {
  /// The Python script failed: its status and what it printed.
  public enum Failure: Error {
    case exited(Int32, String)
  }

  /// The script of the `sqlite3` module: connects to the file, runs `sql` (with `query`,
  /// one statement whose first value it prints), commits and closes, which checkpoints the
  /// file and removes its `-wal` and `-shm` when no one else has it open.
  private static let runner = """
    import sqlite3, sys
    connection = sqlite3.connect(sys.argv[1])
    if sys.argv[2] == "query":
        print(connection.execute(sys.argv[3]).fetchone()[0], end="")
    else:
        connection.executescript(sys.argv[3])
    connection.commit()
    connection.close()
    """

  /// Runs `sql` (several statements) on the file at `path`, creating it when missing.
  public static func run(_ sql: String, on path: String) throws {
    _ = try python(path, "script", sql)
  }

  /// The first value of the one row `sql` gives, as Python prints it.
  public static func value(of sql: String, in path: String) throws -> String {
    try python(path, "query", sql)
  }

  private static func python(_ arguments: String...) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", runner] + arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure.exited(process.terminationStatus, String(decoding: message, as: UTF8.self))
    }
    return String(decoding: printed, as: UTF8.self)
  }
}
