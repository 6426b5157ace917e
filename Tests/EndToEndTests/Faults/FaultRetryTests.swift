import Foundation
import TestSupport
import Testing

/// Transient HTTP statuses are retried with backoff, honouring `Retry-After`; other statuses
/// are not; a failure that gives up changes nothing and the next `more` asks again.
// These tests are about what one load does under a fault; --no-prefetch keeps a
// background fetch from meeting the fault first (PrefetchTests covers that case).
@Suite(.timeLimit(.minutes(1))) struct FaultRetryTests {
  static let transientStatuses = [500, 502, 503, 504, 408, 429]

  @Test(arguments: transientStatuses, [nil, "1"])
  func aTransientStatusIsRetriedAndNothingIsLost(status: Int, retryAfter: String?) async throws {
    var fault = [
      "--fault", "status", "--fault-status", String(status), "--fault-page", "2",
      "--fault-times", "1",
    ]
    if let retryAfter { fault += ["--retry-after", retryAfter] }
    let server = try await HoppinTestServer(limit: 25, extraArguments: fault)
    defer { server.stop() }

    let run = try await MoviesRun.run(
      ["--no-prefetch", "--api", server.apiURL.absoluteString], input: "more\nmore\n")

    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.isEmpty)
    let log = try server.requests().filter { $0.path == "/hoppin/movies" }
    #expect(log.map(\.status) == [200, status, 200, 200])
    #expect(try server.pageRequests() == [1, 2, 2, 3])
    FaultChecks.expectCompleteList(run, titles: try await FaultChecks.expectedTitles(limit: 25))
  }

  @Test func aRetryAfterDateIsHonoured() async throws {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    let date = formatter.string(from: Date().addingTimeInterval(1))
    let server = try await HoppinTestServer(
      limit: 25,
      extraArguments: [
        "--fault", "status", "--fault-page", "2", "--fault-times", "1", "--retry-after", date,
      ])
    defer { server.stop() }

    let run = try await MoviesRun.run(
      ["--no-prefetch", "--api", server.apiURL.absoluteString], input: "more\nmore\n")

    #expect(run.status == 0, "\(run.stderr)")
    #expect(try server.pageRequests() == [1, 2, 2, 3])
    FaultChecks.expectCompleteList(run, titles: try await FaultChecks.expectedTitles(limit: 25))
  }

  @Test func givingUpSaysWhichPageAndTheNextMoreAsksForItAgain() async throws {
    let server = try await HoppinTestServer(
      limit: 25, extraArguments: ["--fault", "status", "--fault-page", "2", "--fault-times", "3"])
    defer { server.stop() }

    let run = try await MoviesRun.run(
      ["--no-prefetch", "--api", server.apiURL.absoluteString], input: "more\nmore\nmore\n")

    #expect(run.status == 1)
    #expect(try server.pageRequests() == [1, 2, 2, 2, 2, 3])
    let errors = FaultChecks.errors(run)
    #expect(errors.count == 1)
    let error = try #require(errors.first)
    #expect(error.contains("page 2"))
    #expect(error.contains("HTTP 503"))
    #expect(error.contains("3 attempts"))
    #expect(error.contains("'more'"))
    FaultChecks.expectCompleteList(run, titles: try await FaultChecks.expectedTitles(limit: 25))
    FaultChecks.expectNoRawControlBytes(run)
  }

  @Test(arguments: [404, 400, 401])
  func aClientErrorIsNotRetried(status: Int) async throws {
    let server = try await HoppinTestServer(
      limit: 25,
      extraArguments: [
        "--fault", "status", "--fault-status", String(status), "--fault-page", "2",
        "--fault-times", "1",
      ])
    defer { server.stop() }

    let run = try await MoviesRun.run(
      ["--no-prefetch", "--api", server.apiURL.absoluteString], input: "more\nmore\nmore\n")

    #expect(run.status == 1)
    #expect(try server.pageRequests() == [1, 2, 2, 3])
    let errors = FaultChecks.errors(run)
    #expect(errors.count == 1)
    #expect(errors.first?.contains("HTTP \(status)") == true)
    #expect(errors.first?.contains("page 2") == true)
    FaultChecks.expectCompleteList(run, titles: try await FaultChecks.expectedTitles(limit: 25))
  }

  @Test func retriesZeroMakesOneAttempt() async throws {
    let server = try await HoppinTestServer(
      limit: 25, extraArguments: ["--fault", "status", "--fault-page", "2", "--fault-times", "1"])
    defer { server.stop() }

    let run = try await MoviesRun.run(
      ["--no-prefetch", "--api", server.apiURL.absoluteString, "--retries", "0"],
      input: "more\nmore\nmore\n")

    #expect(run.status == 1)
    #expect(try server.pageRequests() == [1, 2, 2, 3])
    #expect(FaultChecks.errors(run).count == 1)
    FaultChecks.expectCompleteList(run, titles: try await FaultChecks.expectedTitles(limit: 25))
  }
}
