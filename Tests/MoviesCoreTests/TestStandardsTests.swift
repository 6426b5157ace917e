import Foundation
import TestSupport
import Testing

/// The tests' own rules that a reviewer could miss: every suite has a time limit, so a bug
/// that hangs fails the run instead of stalling it.
@Suite(.timeLimit(.minutes(1))) struct TestStandardsTests {
  @Test func everySuiteHasATimeLimit() throws {
    let tests = TestPaths.packageRoot.appendingPathComponent("Tests")
    let files = try #require(FileManager.default.enumerator(atPath: tests.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    #expect(files.count > 20)
    var suites = 0
    for file in files {
      let text = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") where line.hasPrefix("@Suite") {
        suites += 1
        #expect(line.contains(".timeLimit("), "\(file): \(line) needs .timeLimit(.minutes(1))")
      }
    }
    #expect(suites > 20)
  }
}
