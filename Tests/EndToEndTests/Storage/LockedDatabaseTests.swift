import Foundation
import TestSupport
import Testing

/// Another program holds the watchlist's write lock: Ctrl-C stops a command's wait for it,
/// and leaving the prompt does not hang on it.
@Suite(.timeLimit(.minutes(2))) struct LockedDatabaseTests {
  /// Python takes the write lock on the file and holds it until killed.
  private static let holder = """
    import sqlite3, sys, time
    connection = sqlite3.connect(sys.argv[1], isolation_level=None)
    connection.execute("BEGIN IMMEDIATE")
    print("locked", flush=True)
    time.sleep(120)
    """

  @Test func ctrlCStopsTheWaitForALockAndLeavingDoesNotHang() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("movies.sqlite3").path
    let made = try await MoviesRun.run(["-c", "watchlist"], environment: ["MOVIES_DB": path])
    #expect(made.status == 0, "\(made.stderr)")
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    holder.arguments = ["python3", "-c", Self.holder, path]
    let output = Pipe()
    holder.standardOutput = output
    // Not swift-test's own output: a holder left alive would keep it waiting for the end.
    holder.standardError = FileHandle.nullDevice
    try holder.run()
    // SIGKILL: started from a pool thread, the holder inherits its blocked SIGTERM.
    defer {
      kill(holder.processIdentifier, SIGKILL)
      holder.waitUntilExit()
    }
    _ = output.fileHandleForReading.availableData  // "locked"

    let session = try TmuxSession(arguments: [], environment: ["MOVIES_DB": path])
    defer { session.stop() }
    try await session.waitFor("movies 10/")
    try session.type("watch 1")
    try session.press("Enter")
    try await Task.sleep(for: .milliseconds(500))
    let clock = ContinuousClock()
    var pressed = clock.now
    try session.press("C-c")
    // The busy timeout is 5 s; the wait ends at the key instead.
    _ = try await session.waitFor("Cancelled while waiting for", timeout: .seconds(4))
    #expect(pressed.duration(to: clock.now) < .seconds(4))

    // Leaving saves the session (the list moved): it waits for the lock too, and Ctrl-C
    // leaves at once.
    try session.type("more")
    try session.press("Enter")
    try await session.waitFor("movies 20/")
    try session.press("C-d")
    try await Task.sleep(for: .milliseconds(500))
    pressed = clock.now
    try session.press("C-c")
    try await session.waitForExit(timeout: .seconds(4))
    #expect(pressed.duration(to: clock.now) < .seconds(4))
  }
}
