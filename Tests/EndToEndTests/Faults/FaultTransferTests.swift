import Foundation
import TestSupport
import Testing

/// Servers that stall, trickle, never stop or hang up mid-body: each request is bounded as a
/// whole, bodies are capped while they stream, a body cut short is retried, and the list ends
/// up complete.
// These tests are about what one load does under a fault; --no-prefetch keeps a
// background fetch from meeting the fault first (PrefetchTests covers that case).
@Suite(.timeLimit(.minutes(1))) struct FaultTransferTests {
  /// Runs `more` three times against a server whose page 2 fails once with `fault`.
  private func runWithFaultOnPageTwo(_ fault: [String], flags: [String]) async throws -> (
    MoviesRun, HoppinTestServer
  ) {
    let server = try await HoppinTestServer(
      limit: 25, extraArguments: fault + ["--fault-page", "2", "--fault-times", "1"])
    let run = try await MoviesRun.run(
      ["--no-prefetch", "--api", server.apiURL.absoluteString] + flags, input: "more\nmore\nmore\n")
    return (run, server)
  }

  @Test(arguments: [
    (["--fault", "hang"], "did not answer in time"),
    (["--fault", "slow-headers", "--fault-seconds", "4"], "did not answer in time"),
  ])
  func aServerThatNeverAnswersTimesOut(fault: [String], message: String) async throws {
    let (run, server) = try await runWithFaultOnPageTwo(
      fault, flags: ["--timeout", "1", "--retries", "0"])
    defer { server.stop() }

    #expect(run.status == 1)
    let errors = FaultChecks.errors(run)
    #expect(errors.count == 1)
    #expect(errors.first?.contains("Could not load page 2") == true)
    // The idle timer and the overall deadline are both one second; either may fire first.
    #expect(
      errors.first.map { $0.contains(message) || $0.contains("did not finish within") } == true,
      "\(errors)")
    FaultChecks.expectCompleteList(run, titles: try await FaultChecks.expectedTitles(limit: 25))
    FaultChecks.expectNoRawControlBytes(run)
  }

  @Test func aTricklingBodyIsStoppedByTheOverallDeadline() async throws {
    let (run, server) = try await runWithFaultOnPageTwo(
      ["--fault", "trickle", "--fault-seconds", "0.2"], flags: ["--timeout", "1", "--retries", "0"])
    defer { server.stop() }

    #expect(run.status == 1)
    let errors = FaultChecks.errors(run)
    #expect(errors.count == 1)
    #expect(errors.first?.contains("page 2: the server did not finish within 1.0 s") == true)
    // The core says a longer timeout helps; the program names its flag.
    #expect(errors.first?.hasSuffix("A larger --timeout gives a slow server more time.") == true)
    #expect(try server.pageRequests() == [1, 2, 2, 3])
    FaultChecks.expectCompleteList(run, titles: try await FaultChecks.expectedTitles(limit: 25))
  }

  @Test func aNeverEndingBodyIsCutAtTheCapAndNotRetried() async throws {
    let (run, server) = try await runWithFaultOnPageTwo(["--fault", "endless"], flags: [])
    defer { server.stop() }

    #expect(run.status == 1)
    let errors = FaultChecks.errors(run)
    #expect(errors.count == 1)
    #expect(errors.first?.contains("page 2: the answer was larger than 16.0 MB") == true)
    #expect(try server.pageRequests() == [1, 2, 2, 3])
    FaultChecks.expectCompleteList(run, titles: try await FaultChecks.expectedTitles(limit: 25))
  }

  @Test(arguments: ["short-body", "reset"])
  func aBodyCutShortIsRetriedWithinTheSameMore(kind: String) async throws {
    let server = try await HoppinTestServer(
      limit: 25, extraArguments: ["--fault", kind, "--fault-page", "2", "--fault-times", "1"])
    defer { server.stop() }

    let run = try await MoviesRun.run(
      ["--no-prefetch", "--api", server.apiURL.absoluteString], input: "more\nmore\n")

    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.isEmpty)
    #expect(try server.pageRequests() == [1, 2, 2, 3])
    FaultChecks.expectCompleteList(run, titles: try await FaultChecks.expectedTitles(limit: 25))
  }

  @Test func aBodyCutShortEveryTimeGivesUpWithOneLine() async throws {
    let server = try await HoppinTestServer(
      limit: 25, extraArguments: ["--fault", "short-body", "--fault-page", "2"])
    defer { server.stop() }

    let run = try await MoviesRun.run(
      ["--no-prefetch", "--api", server.apiURL.absoluteString], input: "more\n")

    #expect(run.status == 1)
    #expect(try server.pageRequests() == [1, 2, 2, 2])
    let errors = FaultChecks.errors(run)
    #expect(errors.count == 1)
    #expect(errors.first?.contains("Could not load page 2") == true)
    #expect(errors.first?.contains("3 attempts") == true)
    #expect(run.tableRows.map(\.number) == Array(1...10))
  }

  @Test func aRedirectLoopStopsAfterFiveRedirects() async throws {
    let server = try await HoppinTestServer(
      limit: 25,
      extraArguments: ["--fault", "redirect-loop", "--fault-page", "2", "--fault-times", "6"])
    defer { server.stop() }

    let run = try await MoviesRun.run(
      ["--no-prefetch", "--api", server.apiURL.absoluteString], input: "more\nmore\nmore\n")

    #expect(run.status == 1)
    let errors = FaultChecks.errors(run)
    #expect(errors.count == 1)
    #expect(errors.first?.contains("page 2: the server redirected more than 5 times") == true)
    let hops = try server.requests().filter { $0.query["page"] == "2" }.map(\.status)
    #expect(hops == Array(repeating: 302, count: 6) + [200])
    FaultChecks.expectCompleteList(run, titles: try await FaultChecks.expectedTitles(limit: 25))
  }
}
