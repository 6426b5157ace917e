import Foundation
import TestSupport
import Testing

/// Ctrl-C while `find` scans (its second page never answered): the scan ends at once, the
/// list is what it was, and the session goes on; Ctrl-D then leaves with status 0.
@Suite(.timeLimit(.minutes(1))) struct FindInterruptTests {
  @Test func ctrlCDuringAFindsScanCancelsItAndKeepsTheList() async throws {
    let server = try await HoppinTestServer(
      limit: 25, extraArguments: ["--fault", "hang", "--fault-page", "2", "--fault-times", "1"])
    defer { server.stop() }
    let (status, output) = try await PseudoTerminal.converse(
      ["--no-prefetch", "--api", server.apiURL.absoluteString, "--timeout", "600"],
      steps: [
        "expect:/25> ", "send:find nothing-like-this\\r",
        "wait-file:\(server.logFile.path):\"page\":\"2\"", "send:\\x03",
        "expect:/25> ", "send:list\\r", "expect:/25> ", "end:\\x04",
      ])
    #expect(status == 0, "\(output)")
    #expect(!output.contains("Fatal error"))
    let rows = output.split(whereSeparator: \.isNewline).compactMap { line in
      line.split(separator: " ").first.flatMap { Int($0) }
    }
    #expect(rows == Array(1...10) + Array(1...10), "the list, then the same list: \(rows)")
  }
}
