import Foundation

/// Writes SQLite files with Python's `sqlite3` module: another program's hands, so a test can
/// make a damaged row or a foreign database without going through `movies`' own code.
public enum PythonSQLite {
  public enum Failure: Error {
    case exited(Int32, String)
  }

  /// The script of the `sqlite3` module: connects to the file, runs `sql`, commits.
  private static let runner = """
    import sqlite3, sys
    connection = sqlite3.connect(sys.argv[1])
    connection.executescript(sys.argv[2])
    connection.commit()
    connection.close()
    """

  /// Runs `sql` (several statements) on the file at `path`, creating it when missing.
  public static func run(_ sql: String, on path: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", runner, path, sql]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure.exited(process.terminationStatus, String(decoding: message, as: UTF8.self))
    }
  }
}
