import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `movies` in a pseudo-terminal driven by `scripts/pty-session.py`: a scripted conversation,
/// and every byte the program wrote, escape sequences included (tmux shows only the screen).
/// The terminal answers nothing unless a step types the answer.
public enum PseudoTerminal {
  /// Plays the steps against `movies` with `TERM` set to `term`; returns its exit status and
  /// all it printed. The environment has no API, no colour, no saved session, no history and
  /// no hint of a graphics terminal; `environment` is added to it.
  public static func converse(
    _ arguments: [String], steps: [String], term: String = "xterm",
    environment extra: [String: String] = [:]
  ) async throws -> (status: Int32, output: String) {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let transcript = folder.appendingPathComponent("transcript")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      [
        "python3", TestPaths.packageRoot.appendingPathComponent("scripts/pty-session.py").path,
        "--transcript", transcript.path, "--term", term,
      ] + steps.flatMap { ["--step", $0] } + ["--", TestPaths.moviesExecutable.path] + arguments
    var environment = ProcessInfo.processInfo.environment
    for name in ["MOVIES_API", "TMUX", "TERM_PROGRAM", "KITTY_WINDOW_ID", "COLORTERM"] {
      environment[name] = nil
    }
    environment["NO_COLOR"] = "1"
    // Nothing of the test's goes into the real home: no saved session, no history.
    environment["MOVIES_DB"] = "/dev/null"
    environment["MOVIES_HISTFILE"] = "/dev/null"
    environment["XDG_CACHE_HOME"] = folder.appendingPathComponent("cache").path
    environment.merge(extra) { _, new in new }
    process.environment = environment
    process.currentDirectoryURL = folder
    try process.run()
    guard try await eventually(timeout: .seconds(50), { !process.isRunning }) else {
      kill(process.processIdentifier, SIGKILL)
      throw MoviesRun.RunError.timedOut
    }
    let output = String(decoding: try Data(contentsOf: transcript), as: UTF8.self)
    return (process.terminationStatus, output)
  }
}
