import Foundation

/// The built `movies` binary in script mode with commands fed one at a time, for tests that
/// change the world between two commands (stop the server, start it again).
public final class MoviesSession {
  /// The program did not print what was waited for in time.
  public enum SessionError: Error {
    case timedOut(waitingFor: String, stdout: String, stderr: String)
  }

  private let process = Process()
  private let input = Pipe()
  private let folder: URL
  private var outputFile: URL { folder.appendingPathComponent("stdout") }
  private var errorFile: URL { folder.appendingPathComponent("stderr") }

  /// Starts `movies` with the arguments; it loads the first page at once.
  public init(_ arguments: [String], environment: [String: String] = [:]) throws {
    folder = try TestPaths.makeTemporaryFolder()
    try Data().write(to: outputFile)
    try Data().write(to: errorFile)
    process.executableURL = TestPaths.moviesExecutable
    process.arguments = arguments
    process.environment = MoviesRun.environment(adding: environment)
    process.standardInput = input
    process.standardOutput = try FileHandle(forWritingTo: outputFile)
    process.standardError = try FileHandle(forWritingTo: errorFile)
    try process.run()
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    try? FileManager.default.removeItem(at: folder)
  }

  /// The running program's process ID, to read its memory from `/proc`.
  public var processIdentifier: Int32 { process.processIdentifier }

  /// Standard output so far.
  public var stdout: String { Self.read(outputFile) }
  /// Standard error so far.
  public var stderr: String { Self.read(errorFile) }

  /// Kills the program at once (SIGKILL), as a crash or a power cut would.
  public func killNow() {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  /// Types one command.
  public func send(_ line: String) {
    input.fileHandleForWriting.write(Data((line + "\n").utf8))
  }

  /// Waits until the output satisfies `condition`; throws after `timeout`.
  public func waitUntil(
    _ what: String, timeout: Duration = .seconds(30),
    _ condition: (_ stdout: String, _ stderr: String) -> Bool
  ) async throws {
    guard
      try await eventually(
        timeout: timeout, every: .milliseconds(20), { condition(stdout, stderr) })
    else {
      throw SessionError.timedOut(waitingFor: what, stdout: stdout, stderr: stderr)
    }
  }

  /// Waits until standard output contains `text`.
  public func waitForOutput(containing text: String) async throws {
    try await waitUntil("output containing \(text)") { stdout, _ in stdout.contains(text) }
  }

  /// Ends the input and waits for the program to exit; returns what it printed.
  public func finish(timeout: Duration = .seconds(30)) async throws -> MoviesRun {
    try input.fileHandleForWriting.close()
    guard try await eventually(timeout: timeout, every: .milliseconds(20), { !process.isRunning })
    else {
      kill(process.processIdentifier, SIGKILL)
      throw MoviesRun.RunError.timedOut
    }
    let output = (try? Data(contentsOf: outputFile)) ?? Data()
    return MoviesRun(
      status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
      stderr: stderr, stdoutBytes: output)
  }

  private static func read(_ file: URL) -> String {
    String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self)
  }
}
