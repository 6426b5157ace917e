import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// SIGTERM during a second `pick` in one session ends the program and fzf as during the first.
/// libdispatch installs its signal handler once per process: `pick` watching SIGTERM again
/// after the first had put the default action back left it ignored, and the kernel dropped
/// it (the main thread blocks nothing), so the program and fzf went on.
@Suite(.timeLimit(.minutes(2))) struct PickSecondSignalTests {
  @Test func sigtermDuringASecondPickEndsTheProgramAndFzf() async throws {
    // The first fzf leaves at once, as after Esc; the second records the PIDs and waits.
    let standIn = try StandInProgram(name: "fzf") { record in
      """
      #!/bin/sh
      [ "$1" = --version ] && { echo 0.38.0; exit 0; }
      [ -e '\(record).first' ] || { touch '\(record).first'; exit 130; }
      echo "{\\"fzf\\": $$, \\"program\\": $PPID}" > '\(record).new'
      mv '\(record).new' '\(record)'
      exec sleep 300
      """
    }
    let temporary = try TestPaths.makeTemporaryFolder()
    defer {
      standIn.remove()
      try? FileManager.default.removeItem(at: temporary)
    }
    let session = try TmuxSession(
      arguments: [], environment: ["PATH": standIn.path(), "TMPDIR": temporary.path])
    defer { session.stop() }
    try await session.waitFor("movies 10/2,006>")
    let program = try #require(try session.programPID())
    try session.type("pick\r")
    try await session.waitForPrompt(2, "movies 10/2,006>")
    try session.type("pick\r")
    let started = try await eventually(timeout: .seconds(30)) { try standIn.recorded() != nil }
    try #require(started, "the second fzf started")
    let fzf = pid_t(try #require(try standIn.recorded()?["fzf"] as? Int))
    defer { if kill(fzf, 0) == 0 { kill(fzf, SIGKILL) } }

    kill(program, SIGTERM)
    let ended = try await eventually(timeout: .seconds(20)) { !session.isRunning }
    #expect(ended, "SIGTERM during the second pick ended the program")
    let fzfEnded = try await eventually(timeout: .seconds(10)) {
      let stat = (try? String(contentsOfFile: "/proc/\(fzf)/stat", encoding: .utf8)) ?? ""
      return stat.isEmpty || stat.split(separator: ")").last?.hasPrefix(" Z") == true
    }
    #expect(fzfEnded, "fzf was ended too")
    let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
      .filter { $0.hasPrefix("movies-pick-") }
    #expect(left.isEmpty, "the pick folder went with the program: \(left)")
  }
}
