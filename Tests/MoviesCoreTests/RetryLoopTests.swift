import Foundation
import Synchronization
import TestSupport
import Testing

@testable import MovieSources
@testable import MoviesCore

/// The client's retry loop against the local server with `--fault status`: which failures it
/// retries, how long it waits each time (recorded by an injected sleep, so nothing sleeps),
/// and when it gives up.
@Suite(.timeLimit(.minutes(1))) struct RetryLoopTests {
  /// The waits the loop asked for, instead of sleeping.
  private final class Waits: Sendable {
    private let list = Mutex<[Duration]>([])
    var all: [Duration] { list.withLock { $0 } }
    func record(_ wait: Duration) { list.withLock { $0.append(wait) } }
  }

  private func client(
    _ server: HoppinTestServer, waits: Waits, retries: Int = 2
  ) throws -> HoppinClient {
    HoppinClient(
      apiURL: server.apiURL, engine: try HTTPEngine(),
      retry: RetryPolicy(retries: retries, jitter: { 1 }, sleep: { waits.record($0) }))
  }

  private func faultyServer(times: Int, _ extra: [String] = []) async throws -> HoppinTestServer {
    try await HoppinTestServer(
      limit: 25, extraArguments: ["--fault", "status", "--fault-times", String(times)] + extra)
  }

  private func expectStatus(
    _ error: SourceHTTP.Failure?, _ code: Int, attempts: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if let error, case .status(code, _) = error.cause, error.target == .page(1),
      error.attempts == attempts
    {
      return
    }
    Issue.record(
      "expected HTTP \(code) after \(attempts) attempts, got \(String(describing: error))",
      sourceLocation: sourceLocation)
  }

  @Test func withoutRetryAfterTheWaitsDoubleFromHalfASecond() async throws {
    let server = try await faultyServer(times: 2)
    defer { server.stop() }
    let waits = Waits()

    let page = try await client(server, waits: waits).page(1, of: MovieQuery())

    #expect(page.movies.count == 10)
    #expect(waits.all == [.milliseconds(500), .seconds(1)])
    #expect(try server.pageRequests() == [1, 1, 1])
  }

  @Test func retryAfterInSecondsReplacesEachWait() async throws {
    let server = try await faultyServer(times: 2, ["--retry-after", "7"])
    defer { server.stop() }
    let waits = Waits()

    _ = try await client(server, waits: waits).page(1, of: MovieQuery())

    #expect(waits.all == [.seconds(7), .seconds(7)])
  }

  @Test func aRetryAfterDateAnHourAwayIsNotWaitedForAndSaysSo() async throws {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    let date = formatter.string(from: Date().addingTimeInterval(3_600))
    let server = try await faultyServer(times: 1, ["--retry-after", date])
    defer { server.stop() }
    let waits = Waits()

    let error = await #expect(throws: SourceHTTP.Failure.self) {
      try await client(server, waits: waits).page(1, of: MovieQuery())
    }

    #expect(waits.all.isEmpty)
    #expect(try server.pageRequests() == [1])
    #expect(error?.message.contains("asked to wait") == true)
    #expect(error?.message.contains("longer than movies waits") == true)
  }

  @Test func theWaitsOfOneLoadStayUnderAMinuteWhateverTheRetries() async throws {
    let server = try await faultyServer(times: 20, ["--retry-after", "9"])
    defer { server.stop() }
    let waits = Waits()

    await #expect(throws: SourceHTTP.Failure.self) {
      try await client(server, waits: waits, retries: 10).page(1, of: MovieQuery())
    }

    // Six waits of 9 s make 54 s; a seventh would pass the minute.
    #expect(waits.all == Array(repeating: .seconds(9), count: 6))
    #expect(try server.pageRequests().count == 7)
  }

  @Test func itGivesUpAfterTheRetriesWithTheLastStatus() async throws {
    let server = try await faultyServer(times: 10)
    defer { server.stop() }
    let waits = Waits()

    let error = await #expect(throws: SourceHTTP.Failure.self) {
      try await client(server, waits: waits).page(1, of: MovieQuery())
    }
    expectStatus(error, 503, attempts: 3)
    #expect(waits.all.count == 2)
    #expect(try server.pageRequests() == [1, 1, 1])
  }

  @Test func aStatusThatIsNotTransientIsNotRetried() async throws {
    let server = try await faultyServer(times: 10, ["--fault-status", "404"])
    defer { server.stop() }
    let waits = Waits()

    let error = await #expect(throws: SourceHTTP.Failure.self) {
      try await client(server, waits: waits).page(1, of: MovieQuery())
    }
    expectStatus(error, 404, attempts: 1)
    #expect(waits.all.isEmpty)
    #expect(try server.pageRequests() == [1])
  }
}
