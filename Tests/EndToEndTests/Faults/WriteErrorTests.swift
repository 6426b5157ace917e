import Foundation
import TestSupport
import Testing

/// Output that cannot be written is a failure, as in coreutils: a full disk is reported on
/// standard error with status 1; a reader that went away (`| head`) ends the program quietly.
@Suite(.timeLimit(.minutes(5))) struct WriteErrorTests {
  /// Runs `movies` with standard output on `output`, standard error captured.
  private func run(_ arguments: [String], output: FileHandle) async throws -> (
    reason: Process.TerminationReason, status: Int32, stderr: String
  ) {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let errorFile = folder.appendingPathComponent("stderr")
    try Data().write(to: errorFile)
    let process = Process()
    process.executableURL = TestPaths.moviesExecutable
    process.arguments = arguments
    process.environment = MoviesRun.environment(adding: [:])
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: errorFile)
    try process.run()
    let ended = try await eventually(timeout: .seconds(30)) { !process.isRunning }
    if !ended { process.terminate() }
    try #require(ended, "movies did not end")
    return (
      process.terminationReason, process.terminationStatus,
      String(decoding: try Data(contentsOf: errorFile), as: UTF8.self)
    )
  }

  @Test(arguments: [["-c", "list"], ["--json", "-c", "list"], ["--json", "-c", "nonsense"]])
  func aFullDiskIsAWriteErrorWithStatus1(arguments: [String]) async throws {
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let result = try await run(arguments, output: full)
    #expect(result.reason == .exit)
    #expect(result.status == 1)
    #expect(result.stderr == "movies: write error: No space left on device\n")
  }

  @Test func aClosedPipeEndsQuietly() async throws {
    let pipe = Pipe()
    try pipe.fileHandleForReading.close()
    let result = try await run(["-c", "list", "-c", "list"], output: pipe.fileHandleForWriting)
    #expect(result.reason == .uncaughtSignal)
    #expect(result.status == SIGPIPE)
    #expect(result.stderr.isEmpty, "\(result.stderr)")
  }

  /// A non-blocking pipe from the parent (as some runtimes hand out) that fills up is waited
  /// on, not taken for a failure or dropped.
  @Test func aFullNonBlockingPipeIsWaitedOn() async throws {
    let arguments = ["--count", "1000", "--no-prefetch", "-c", "list"]
    let expected = try await MoviesRun.run(arguments)
    try #require(expected.status == 0 && expected.stdoutBytes.count > 100_000)

    let pipe = Pipe()
    let writer = pipe.fileHandleForWriting.fileDescriptor
    #expect(fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) | O_NONBLOCK) == 0)
    let process = Process()
    process.executableURL = TestPaths.moviesExecutable
    process.arguments = arguments
    process.environment = MoviesRun.environment(adding: [:])
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = pipe.fileHandleForWriting
    process.standardError = FileHandle.nullDevice
    try process.run()
    try pipe.fileHandleForWriting.close()
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    // Nothing is read until the pipe is full, so the writer meets EAGAIN.
    let reader = pipe.fileHandleForReading.fileDescriptor
    let full = try await eventually {
      var queued: Int32 = 0
      return ioctl(reader, UInt(FIONREAD), &queued) == 0 && queued >= 65_536
    }
    try #require(full, "the pipe never filled")

    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    #expect(try await eventually { !process.isRunning })
    #expect(process.terminationStatus == 0)
    #expect(output == expected.stdoutBytes)
  }
}
