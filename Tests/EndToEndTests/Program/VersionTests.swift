import Foundation
import TestSupport
import Testing

@testable import movies

/// `--version` names the version declared once (`Options.version`) and, when
/// scripts/build-release built the binary, the commit it was built from: this tree's, never
/// another's. (scripts/package-test checks that the binary it packages names one.)
@Suite(.timeLimit(.minutes(1))) struct VersionTests {
  /// `git rev-parse --short=12 HEAD` of the package.
  private static func head() throws -> String {
    let git = Process()
    git.executableURL = URL(fileURLWithPath: "/usr/bin/git")
    git.arguments = ["-C", TestPaths.packageRoot.path, "rev-parse", "--short=12", "HEAD"]
    let output = Pipe()
    git.standardOutput = output
    try git.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    git.waitUntilExit()
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test func itNamesTheVersionAndOnlyThisTreesCommit() async throws {
    let run = try await MoviesRun.run(["--version"])
    #expect(run.status == 0)
    let version = "movies \(Options.version)"
    let line = run.stdout.trimmingCharacters(in: .newlines)
    if line != version {
      let head = try Self.head()
      #expect(!head.isEmpty)
      #expect(
        [" (commit \(head))", " (commit \(head)-dirty)"].map { version + $0 }.contains(line),
        "\(line) names another commit than \(head)")
    }
    #expect(run.stdout.hasSuffix("\n") && run.stdout.filter { $0 == "\n" }.count == 1)
  }
}
