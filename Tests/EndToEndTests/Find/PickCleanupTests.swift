import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `pick`'s temporary folder holds every loaded title: SIGHUP or SIGTERM while fzf is open
/// removes it and ends fzf, and a folder left by a program killed outright (SIGKILL) is
/// removed by the next `pick`, when it is ours: by its name, a folder and not a link, this
/// user's, its program's PID gone.
@Suite(.timeLimit(.minutes(3))) struct PickCleanupTests {
  /// A stand-in `fzf` that records its PID and its parent's (the program's) and waits, as
  /// fzf waits for a key; its `--version` shows no images. With `realFzf` (its path), it runs
  /// fzf itself after recording them.
  private func standInFzf(realFzf: String? = nil) throws -> StandInProgram {
    try StandInProgram(name: "fzf") { record in
      """
      #!/bin/sh
      [ "$1" = --version ] && { echo 0.38.0; exit 0; }
      echo "{\\"fzf\\": $$, \\"program\\": $PPID}" > '\(record).new'
      mv '\(record).new' '\(record)'
      exec \(realFzf.map { "'\($0)' \"$@\"" } ?? "sleep 300")
      """
    }
  }

  /// `pick` in a session whose fzf is the stand-in and whose temporary folder is `temporary`,
  /// started from a shell that outlives it; the program's PID and fzf's.
  private func picking(
    with standIn: StandInProgram, temporary: URL
  ) async throws -> (TmuxSession, program: pid_t, fzf: pid_t) {
    let session = try TmuxSession(
      arguments: [], environment: ["PATH": standIn.path(), "TMPDIR": temporary.path],
      inShell: true)
    try await session.waitFor("$")
    try session.type(session.commandLine + "\r")
    try await session.waitFor("movies 10/2,006>")
    try session.type("pick\r")
    let started = try await eventually(timeout: .seconds(30)) { try standIn.recorded() != nil }
    try #require(started, "the stand-in fzf started")
    let record = try #require(try standIn.recorded())
    let program = try #require(record["program"] as? Int)
    let fzf = try #require(record["fzf"] as? Int)
    return (session, pid_t(program), pid_t(fzf))
  }

  private func pickFolders(in temporary: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [])
      .filter { $0.hasPrefix("movies-pick-") }.sorted()
  }

  /// True while the process exists and is not a zombie nobody has reaped.
  private func isAlive(_ pid: pid_t) -> Bool {
    guard kill(pid, 0) == 0 else { return false }
    let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
    return !(stat.split(separator: ")").last?.hasPrefix(" Z") ?? false)
  }

  @Test(arguments: [SIGHUP, SIGTERM])
  func aSignalDuringPickRemovesItsFolderAndEndsFzf(_ signal: Int32) async throws {
    let standIn = try standInFzf()
    let temporary = try TestPaths.makeTemporaryFolder()
    defer {
      standIn.remove()
      try? FileManager.default.removeItem(at: temporary)
    }
    let (session, program, fzf) = try await picking(with: standIn, temporary: temporary)
    defer {
      session.stop()
      // Should the program not end it, the stand-in is not left waiting.
      if isAlive(fzf) { kill(fzf, SIGKILL) }
    }
    let folders = pickFolders(in: temporary)
    try #require(folders.count == 1, "\(folders)")
    let rows = temporary.appendingPathComponent(folders[0]).appendingPathComponent("rows.jsonl")
    #expect(FileManager.default.fileExists(atPath: rows.path), "the titles are in the folder")
    #expect(folders[0].hasPrefix("movies-pick-\(program)-"), "the name says whose it is")

    kill(program, signal)
    let ended = try await eventually(timeout: .seconds(30)) { !isAlive(program) }
    try #require(ended, "the program ended")
    #expect(pickFolders(in: temporary).isEmpty, "the folder went with the program")
    // The shell is still there, so nothing but the program ends fzf.
    let fzfEnded = try await eventually(timeout: .seconds(10)) { !isAlive(fzf) }
    #expect(fzfEnded, "fzf was ended too")
    #expect(session.isRunning)
  }

  @Test func pickSweepsOnlyItsOwnFoldersOfEndedPrograms() async throws {
    let standIn = try standInFzf()
    let temporary = try TestPaths.makeTemporaryFolder()
    let outside = try TestPaths.makeTemporaryFolder()
    defer {
      standIn.remove()
      for folder in [temporary, outside] {
        try? FileManager.default.removeItem(at: folder)
      }
    }
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/true")
    try ended.run()
    ended.waitUntilExit()
    let dead = ended.processIdentifier
    let manager = FileManager.default
    func plant(_ name: String) throws -> URL {
      let folder = temporary.appendingPathComponent(name)
      try manager.createDirectory(at: folder, withIntermediateDirectories: false)
      try Data("titles\n".utf8).write(to: folder.appendingPathComponent("rows.jsonl"))
      return folder
    }
    let kept = outside.appendingPathComponent("kept.txt")
    try Data("not the picker's\n".utf8).write(to: kept)
    // A stale folder, with links inside to a file and a folder that are not the picker's.
    let stale = try plant("movies-pick-\(dead)-stale")
    try manager.createSymbolicLink(
      at: stale.appendingPathComponent("link"), withDestinationURL: kept)
    try manager.createSymbolicLink(
      at: stale.appendingPathComponent("folder-link"), withDestinationURL: outside)
    let live = try plant("movies-pick-\(getpid())-live")
    let notOurs = try plant("movies-picker-\(dead)-other")
    // A link named as ours, to a folder that is not.
    let linked = temporary.appendingPathComponent("movies-pick-\(dead)-link")
    try manager.createSymbolicLink(at: linked, withDestinationURL: outside)
    // Another user's folder, where the tests can make one.
    let othersFolder = getuid() == 0 ? try plant("movies-pick-\(dead)-nobody") : nil
    if let othersFolder { #expect(chown(othersFolder.path, 65_534, 65_534) == 0) }

    let (session, program, fzf) = try await picking(with: standIn, temporary: temporary)
    defer {
      session.stop()
      if isAlive(fzf) { kill(fzf, SIGKILL) }
    }
    #expect(!manager.fileExists(atPath: stale.path), "the ended program's folder is removed")
    #expect(manager.fileExists(atPath: kept.path), "the links in it were not followed")
    #expect(manager.fileExists(atPath: live.path), "a live program's folder is kept")
    #expect(manager.fileExists(atPath: notOurs.path))
    #expect((try? manager.destinationOfSymbolicLink(atPath: linked.path)) != nil, "link kept")
    if let othersFolder { #expect(manager.fileExists(atPath: othersFolder.path)) }
    #expect(pickFolders(in: temporary).contains { $0.hasPrefix("movies-pick-\(program)-") })
  }

  @Test(.tags(.fzf), .enabled(if: RealProgram.fzf.isInstalled))
  func afterPickCtrlCAndSignalsAtThePromptAreAsBefore() async throws {
    let standIn = try standInFzf(realFzf: RealProgram.fzf.require())
    let temporary = try TestPaths.makeTemporaryFolder()
    defer {
      standIn.remove()
      try? FileManager.default.removeItem(at: temporary)
    }
    let (session, program, _) = try await picking(with: standIn, temporary: temporary)
    defer { session.stop() }
    try await session.waitFor("pick>")
    try session.press("Escape")
    // A prompt with nothing typed: fzf leaving its screen brings back the line `pick` was
    // typed on, which is the same prompt, before the program has ended the pick.
    try await session.waitUntil("the prompt again") {
      TmuxSession.lastLine(of: $0).trimmingCharacters(in: .whitespaces) == "movies 10/2,006>"
    }
    #expect(pickFolders(in: temporary).isEmpty, "the folder went when fzf ended")
    // Ctrl-C at the prompt is still a key, not the end.
    try session.press("C-c")
    try await Task.sleep(for: .milliseconds(300))
    #expect(isAlive(program))
    // And SIGTERM at the prompt ends the program as it did before `pick`.
    kill(program, SIGTERM)
    let ended = try await eventually(timeout: .seconds(30)) { !isAlive(program) }
    #expect(ended, "SIGTERM after pick ends the program")
  }
}
