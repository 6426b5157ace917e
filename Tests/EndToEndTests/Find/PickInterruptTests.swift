import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Ctrl-C and Ctrl-D while `pick`'s fzf is open. fzf reads keys in raw mode, so both are keys
/// to it, and it ends with status 130; the stand-in does the same (and records that it
/// started), and the real fzf is run once too. Each time: one clear line, the prompt back
/// with the list as it was, the watchlist kept, and nothing left behind: no fzf, no pick
/// folder.
@Suite(.timeLimit(.minutes(2))) struct PickInterruptTests {
  /// A stand-in `fzf` that, like fzf, puts the terminal in raw mode and ends with 130 on
  /// Ctrl-C, Ctrl-D (its query is empty) or Esc; it records its PID once it reads keys.
  private func standInFzf() throws -> StandInProgram {
    try StandInProgram(name: "fzf") { record in
      """
      #!/usr/bin/env python3
      import json, os, sys, termios, tty
      if sys.argv[1:2] == ["--version"]:
          print("0.38.0")
          sys.exit(0)
      sys.stdin.read()
      terminal = os.open("/dev/tty", os.O_RDWR)
      saved = termios.tcgetattr(terminal)
      tty.setraw(terminal)
      with open(\(String(reflecting: record)) + ".new", "w") as f:
          json.dump({"fzf": os.getpid()}, f)
      os.rename(\(String(reflecting: record)) + ".new", \(String(reflecting: record)))
      try:
          while os.read(terminal, 1) not in (b"\\x03", b"\\x04", b"\\x1b"):
              pass
      finally:
          termios.tcsetattr(terminal, termios.TCSADRAIN, saved)
      sys.exit(130)
      """
    }
  }

  private func pickFolders(in temporary: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [])
      .filter { $0.hasPrefix("movies-pick-") }
  }

  /// Opens `pick` with `path` first on `PATH`, presses `key` once fzf is open (`opened`), and
  /// checks what is left.
  private func press(
    _ key: String, path: String, opened: @escaping (TmuxSession, pid_t) throws -> Bool
  ) async throws {
    let temporary = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: temporary) }
    let session = try TmuxSession(
      arguments: ["--count", "20"], environment: ["PATH": path, "TMPDIR": temporary.path],
      width: 120, height: 40)
    defer { session.stop() }
    let prompt = "movies 20/2,006>"
    try await session.waitFor(prompt)
    let program = try #require(try session.programPID())
    try session.type("watch 2\r")
    try await session.waitForPrompt(2, prompt)
    try session.type("pick\r")
    let open = try await eventually(timeout: .seconds(30)) { try opened(session, program) }
    try #require(open, "fzf is open")
    #expect(pickFolders(in: temporary).count == 1, "its folder is there while it is open")
    try session.press(key)
    let screen = try await session.waitForPrompt(3, prompt)
    #expect(screen.contains("Nothing was picked"), "one clear line: \(screen)")
    let settled = try await eventually(timeout: .seconds(5)) {
      ProcessLeftovers.children(of: program).isEmpty && pickFolders(in: temporary).isEmpty
    }
    #expect(settled, "no fzf, no folder: \(pickFolders(in: temporary))")
    try session.type("watchlist\r")
    let listed = try await session.waitForPrompt(4, prompt)
    #expect(listed.contains("w1 "), "the watchlist kept its film: \(listed)")
    try session.type("list\r")
    let rows = try await session.waitForPrompt(5, prompt).split(separator: "\n")
      .compactMap { line in line.split(separator: " ").first.flatMap { Int($0) } }
    #expect(rows == Array(1...20), "the list as it was: \(rows)")
    try session.press("C-d")
    try await session.waitForExit()
  }

  @Test(arguments: ["C-c", "C-d", "Escape"])
  func aKeyInTheStandInFzf(_ key: String) async throws {
    let standIn = try standInFzf()
    defer { standIn.remove() }
    try await press(key, path: standIn.path()) { _, _ in try standIn.recorded() != nil }
  }

  @Test(.tags(.fzf), arguments: ["C-c", "C-d"])
  func aKeyInTheRealFzf(_ key: String) async throws {
    let fzf = try #require(RealProgram.fzf.require())
    // fzf alone in a folder first on PATH, so the program finds this one.
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("fzf").path, withDestinationPath: fzf)
    let path = folder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin")
    try await press(key, path: path) { session, program in
      // fzf draws its prompt and counts the lines once it reads keys.
      try !ProcessLeftovers.children(of: program).isEmpty && session.screen().contains("20/20")
    }
  }
}
