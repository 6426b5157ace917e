import Foundation
import Testing

@testable import movies

#if canImport(Glibc)
  import Glibc
#endif

/// A SIGHUP or SIGTERM during `pick` ends fzf whenever it comes: while fzf starts, the
/// cleanup waits for its pid; before, fzf does not start. (CI once saw a cleanup run between
/// the spawn and the pid being kept, and fzf outlived the program.)
@Suite(.timeLimit(.minutes(1))) struct PickRunningChildTests {
  @Test func aCleanupBeforeTheStartKeepsTheChildFromStarting() throws {
    let child = Picker.RunningChild()
    child.signal(SIGTERM)
    var spawned = false
    let pid = try child.start {
      spawned = true
      return try ChildProcess.spawn(["/bin/true"], stdin: nil, quiet: true)
    }
    #expect(pid == nil)
    #expect(!spawned)
  }

  @Test func aCleanupDuringTheStartEndsTheChildItStarted() async throws {
    let child = Picker.RunningChild()
    let cleanup = Task.detached {
      // Comes while the spawn below holds the lock.
      try await Task.sleep(for: .milliseconds(100))
      child.signal(SIGTERM)
    }
    let started = try child.start {
      let pid = try ChildProcess.spawn(["/bin/sleep", "30"], stdin: nil, quiet: true)
      Thread.sleep(forTimeInterval: 0.3)
      return pid
    }
    try await cleanup.value
    let pid = try #require(started)
    // Killed (-1), long before its 30 s, rather than waited for.
    #expect(await ChildProcess.exitStatus(of: pid) == -1)
  }
}
