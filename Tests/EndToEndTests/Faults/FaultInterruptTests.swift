import Foundation
import TestSupport
import Testing

/// Ctrl-C in a real terminal (a pseudo-terminal driven by `scripts/pty-session.py`): during a
/// load it cancels the load at once, also in a backoff wait, and the session goes on; at the
/// prompt it drops the line; Ctrl-D leaves.
// These tests are about what one load does under a fault; --no-prefetch keeps a
// background fetch from meeting the fault first (PrefetchTests covers that case).
@Suite(.timeLimit(.minutes(1))) struct FaultInterruptTests {
  private func converse(_ arguments: [String], steps: [String]) async throws -> (Int32, String) {
    try await PseudoTerminal.converse(arguments, steps: steps)
  }

  @Test func ctrlCDuringALoadCancelsItAndTheSessionGoesOn() async throws {
    let server = try await HoppinTestServer(
      limit: 25, extraArguments: ["--fault", "hang", "--fault-page", "2", "--fault-times", "1"])
    defer { server.stop() }

    let (status, output) = try await converse(
      ["--no-prefetch", "--api", server.apiURL.absoluteString, "--timeout", "600"],
      steps: [
        "expect:/25> ", "send:more\\r",
        // The server has the request and will never answer it.
        "wait-file:\(server.logFile.path):\"page\":\"2\"", "send:\\x03",
        "expect:Cancelled; nothing was changed.", "expect:/25> ",
        "send:garbage\\x03", "expect:/25> ",
        "send:more\\r", "expect:Showing 20 of 25", "expect:/25> ", "end:\\x04",
      ])

    #expect(status == 0, "\(output)")
    #expect(try server.pageRequests() == [1, 2, 2])
    #expect(!output.contains("Unknown command"), "Ctrl-C dropped the typed line")
    // Rows 1 to 20 once each, with the first 20 titles in order: nothing lost or doubled.
    let numbers = output.split(whereSeparator: \.isNewline).compactMap { line in
      line.split(separator: " ").first.flatMap { Int($0) }
    }
    #expect(numbers == Array(1...20))
    var rest = output[...]
    for title in try await FaultChecks.expectedTitles(limit: 25).prefix(20) {
      let found = try #require(rest.range(of: title), "\(title) missing or out of order")
      rest = rest[found.upperBound...]
    }
  }

  @Test func ctrlCDuringABackoffWaitCancelsWithoutAnotherAttempt() async throws {
    let server = try await HoppinTestServer(
      limit: 25,
      extraArguments: ["--fault", "status", "--fault-page", "2", "--retry-after", "10"])
    defer { server.stop() }

    let (status, output) = try await converse(
      ["--no-prefetch", "--api", server.apiURL.absoluteString],
      steps: [
        "expect:/25> ", "send:more\\r",
        "wait-file:\(server.logFile.path):\"status\":503", "send:\\x03",
        "expect:Cancelled; nothing was changed.", "expect:/25> ", "end:\\x04",
      ])

    #expect(status == 0, "\(output)")
    // Without the cancel, the 10-second wait would end in a second request for page 2.
    #expect(try server.pageRequests() == [1, 2])
  }
}
