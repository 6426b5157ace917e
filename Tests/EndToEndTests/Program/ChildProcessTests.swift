import Foundation
import Testing

@testable import movies

/// Every posix_spawn status is checked in one place, and a failure names its call.
@Suite(.timeLimit(.minutes(1))) struct ChildProcessTests {
  @Test func aBadDescriptorIsRefusedByNameInsteadOfIgnored() {
    #expect {
      _ = try ChildProcess.spawn(["/bin/true"], stdin: -1, quiet: false)
    } throws: { error in
      guard let error = error as? ChildProcess.Error else { return false }
      return error.call == "posix_spawn_file_actions_adddup2"
        && error.description.hasPrefix("posix_spawn_file_actions_adddup2 failed: ")
    }
  }

  @Test func aMissingProgramNamesTheSpawn() {
    #expect {
      _ = try ChildProcess.spawn(["/no/such/program"], stdin: nil, quiet: true)
    } throws: { error in
      (error as? ChildProcess.Error)?.call == "posix_spawnp /no/such/program"
    }
  }

  @Test func aProgramRunsAndItsStatusComesBack() async throws {
    let pid = try ChildProcess.spawn(["/bin/sh", "-c", "exit 3"], stdin: nil, quiet: true)
    #expect(await ChildProcess.exitStatus(of: pid) == 3)
  }
}
