import Foundation

/// The built `movies` binary in script mode, fed one line at a time, so a test can wait for
/// the program (or the server) between commands.
public final class MoviesSession {
  public enum SessionError: Error {
    case timedOut(waitingFor: String, output: String)
  }

  private let process = Process()
  private let input = Pipe()
  private let folder: URL
  private let outputFile: URL
  private let errorFile: URL

  public init(_ arguments: [String], environment: [String: String] = [:]) throws {
    folder = try TestPaths.makeTemporaryFolder()
    outputFile = folder.appendingPathComponent("stdout")
    errorFile = folder.appendingPathComponent("stderr")
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

  /// What the program has written to standard output so far.
  public var output: String {
    String(decoding: (try? Data(contentsOf: outputFile)) ?? Data(), as: UTF8.self)
  }

  public func send(_ line: String) throws {
    try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
  }

  /// Waits until standard output contains `text`.
  public func waitForOutput(containing text: String) async throws {
    guard try await Eventually.holds({ self.output.contains(text) }) else {
      throw SessionError.timedOut(waitingFor: text, output: output)
    }
  }

  /// Closes standard input and waits for the program to finish.
  public func finish() async throws -> MoviesRun {
    try input.fileHandleForWriting.close()
    guard try await Eventually.holds({ !self.process.isRunning }) else {
      throw SessionError.timedOut(waitingFor: "exit", output: output)
    }
    let stdout = try Data(contentsOf: outputFile)
    return MoviesRun(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self),
      stdoutBytes: stdout)
  }
}

/// Waiting for something that happens in another process, with a deadline instead of a
/// fixed sleep.
public enum Eventually {
  /// Polls the condition until it holds; false if it still does not after `timeout`.
  public static func holds(
    _ condition: () throws -> Bool, timeout: Duration = .seconds(30)
  ) async throws -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if try condition() { return true }
      try await Task.sleep(for: .milliseconds(10))
    }
    return try condition()
  }
}
