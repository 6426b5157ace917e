import Foundation
import TestSupport
import Testing

/// `scripts/test --quick` leaves out the tests tagged as needing an X server, mpv or fzf; a test
/// that reaches one of them untagged must fail, or the quick run would drift into needing them.
@Suite(.timeLimit(.minutes(1))) struct RealProgramTagTests {
  @Test(arguments: RealProgram.allCases)
  func aTestWithoutTheTagIsToldToTagIt(_ program: RealProgram) throws {
    let told = try #require(program.untagged(Test.current))
    #expect(told.contains("tag it .tags(.\(program))"), "\(told)")
  }

  @Test(.tags(.xServer, .mpv, .fzf)) func aTestWithTheTagIsLetThrough() {
    for program in RealProgram.allCases {
      #expect(program.untagged(Test.current) == nil)
    }
  }

  @Test func scriptsTestNeedsReadsEveryTag() throws {
    let script = try String(
      contentsOf: TestPaths.packageRoot.appendingPathComponent("scripts/test-needs"),
      encoding: .utf8)
    for program in RealProgram.allCases {
      #expect(script.contains("\"\(program)\""), "scripts/test-needs reads .tags(.\(program))")
    }
  }
}
