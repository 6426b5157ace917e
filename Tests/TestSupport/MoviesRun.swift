import Foundation

/// One run of the built `movies` binary in script mode, with what it printed.
public struct MoviesRun: Sendable {
  /// The exit status.
  public var status: Int32
  /// Standard output, as text.
  public var stdout: String
  /// Standard error, as text.
  public var stderr: String
  /// Standard output's bytes, as written.
  public var stdoutBytes: Data
  /// The process's peak resident memory, when the run was asked to measure it; else 0.
  public var peakResidentBytes: Int
  /// The CPU the process used (user and system), when the run was asked to measure it.
  public var cpuSeconds: Double = 0

  /// A run from what it printed and how it ended.
  public init(
    status: Int32, stdout: String, stderr: String, stdoutBytes: Data, peakResidentBytes: Int = 0
  ) {
    self.status = status
    self.stdout = stdout
    self.stderr = stderr
    self.stdoutBytes = stdoutBytes
    self.peakResidentBytes = peakResidentBytes
  }

  /// The lines of standard output that are table rows: `<row number>  <title> …`, without
  /// the progress mark a source with playback data puts before the title (``progressMarks``).
  public var tableRows: [(number: Int, text: String)] {
    markedRows.map { ($0.number, $0.text) }
  }

  /// Each table row's progress mark: `✓`, `▶ 40%`, or empty for a film not started (or a
  /// source without playback data).
  public var progressMarks: [(number: Int, mark: String)] {
    markedRows.map { ($0.number, $0.mark) }
  }

  private var markedRows: [(number: Int, mark: String, text: String)] {
    stdout.split(separator: "\n").compactMap { line in
      let trimmed = line.drop { $0 == " " }
      guard let space = trimmed.firstIndex(of: " "), let number = Int(trimmed[..<space]) else {
        return nil
      }
      let text = String(trimmed[space...]).trimmingCharacters(in: .whitespaces)
      guard let first = text.first, first == "✓" || first == "▶" else { return (number, "", text) }
      // The mark and its gap: `✓`, `▶` or `▶ 40%`, then two spaces.
      let end = text.range(of: "  ")?.lowerBound ?? text.endIndex
      let rest = text[end...].trimmingCharacters(in: .whitespaces)
      return (number, String(text[..<end]), rest)
    }
  }

  /// The test process's environment without the variables that change `movies`, wide
  /// enough that titles are not cut, with no watchlist, plus `extra`.
  public static func environment(adding extra: [String: String]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["MOVIES_API"] = nil
    environment["NO_COLOR"] = nil
    environment["COLUMNS"] = "200"
    // No test writes a watchlist into the real home; the ones about it pass their own file.
    environment["MOVIES_DB"] = "/dev/null"
    // No config file from the account running the tests.
    environment["XDG_CONFIG_HOME"] = "/nonexistent/movies-tests-config"
    // Nor mpv's log or a history into the real state folder.
    environment["XDG_STATE_HOME"] = stateFolder
    environment.merge(extra) { _, new in new }
    return environment
  }

  /// One state folder for the test process, made on first use.
  private static let stateFolder =
    (try? TestPaths.makeTemporaryFolder().path) ?? "/dev/null/movies-tests-state"

  /// The run did not end in time.
  public enum RunError: Error {
    case timedOut
  }

  /// Runs `movies` (the built one, or `executable`) with the arguments, feeding `input` on standard input (not a terminal, so
  /// script mode), and waits for it to finish.
  public static func run(
    _ arguments: [String], input: String = "", environment: [String: String] = [:],
    workingDirectory: URL? = nil, timeout: Duration = .seconds(60), executable: URL? = nil
  ) async throws -> MoviesRun {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let inputFile = folder.appendingPathComponent("stdin")
    let outputFile = folder.appendingPathComponent("stdout")
    let errorFile = folder.appendingPathComponent("stderr")
    try Data(input.utf8).write(to: inputFile)
    try Data().write(to: outputFile)
    try Data().write(to: errorFile)

    let process = Process()
    process.executableURL = executable ?? TestPaths.moviesExecutable
    process.arguments = arguments
    process.environment = Self.environment(adding: environment)
    if let workingDirectory { process.currentDirectoryURL = workingDirectory }
    process.standardInput = try FileHandle(forReadingFrom: inputFile)
    process.standardOutput = try FileHandle(forWritingTo: outputFile)
    process.standardError = try FileHandle(forWritingTo: errorFile)
    try process.run()

    guard try await eventually(timeout: timeout, every: .milliseconds(20), { !process.isRunning })
    else {
      kill(process.processIdentifier, SIGKILL)
      throw RunError.timedOut
    }
    let stdout = try Data(contentsOf: outputFile)
    let stderr = try Data(contentsOf: errorFile)
    return MoviesRun(
      status: process.terminationStatus,
      stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self),
      stdoutBytes: stdout)
  }

  /// Starts `movies` from a small Python parent that waits for it and writes the child's
  /// peak resident memory (`ru_maxrss`, in KB) and CPU seconds to `report`.
  static let memoryWrapper = """
    import resource, subprocess, sys
    status = subprocess.run(sys.argv[2:]).returncode
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(sys.argv[1], "w") as report:
        report.write(f"{usage.ru_maxrss} {usage.ru_utime + usage.ru_stime}")
    sys.exit(status)
    """

  /// Like `run`, and also measures the peak resident memory and the CPU time of the whole
  /// run, as the kernel counted them when the process ended.
  public static func runMeasuringMemory(
    _ arguments: [String], input: String = "", environment: [String: String] = [:],
    timeout: Duration = .seconds(60)
  ) async throws -> MoviesRun {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = folder.appendingPathComponent("maxrss")
    var run = try await Self.run(
      ["python3", "-c", memoryWrapper, report.path, TestPaths.moviesExecutable.path] + arguments,
      input: input, environment: environment, timeout: timeout,
      executable: URL(fileURLWithPath: "/usr/bin/env"))
    let fields = ((try? String(contentsOf: report, encoding: .utf8)) ?? "").split(separator: " ")
    run.peakResidentBytes = (fields.first.flatMap { Int($0) } ?? 0) * 1024
    run.cpuSeconds = fields.dropFirst().first.flatMap { Double($0) } ?? 0
    return run
  }
}
