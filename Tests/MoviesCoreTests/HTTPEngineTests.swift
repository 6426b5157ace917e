import Foundation
import TestSupport
import Testing

@testable import MoviesCore

/// The libcurl engine against the local test server: overlapping requests and redirects,
/// cancellation, the connection limit, deadlines, caps and what a response carries.
@Suite(.timeLimit(.minutes(1)))
struct HTTPEngineTests {
  private static let limits = TransferLimits(maxBytes: 1_000_000, deadline: .seconds(10))

  private func url(_ server: HoppinTestServer, _ path: String) throws -> URL {
    try #require(URL(string: server.baseURL.absoluteString + path))
  }

  private func posterPaths(_ server: HoppinTestServer, engine: HTTPEngine) async throws -> [String]
  {
    let page = try await engine.load(
      try url(server, "/hoppin/movies?version=1&page=1&count=12"), limits: Self.limits)
    let movies = try MoviePageParser.parse(page.body).movies
    return movies.compactMap { $0.thumbnail.flatMap { URL(string: $0)?.path } }
  }

  /// Loads every address at once.
  private static func loadAll(
    _ addresses: [(String, URL)], engine: HTTPEngine
  ) async throws -> [String: HTTPEngine.Response] {
    try await withThrowingTaskGroup(of: (String, HTTPEngine.Response).self) { group in
      for (key, address) in addresses {
        group.addTask { (key, try await engine.load(address, limits: limits)) }
      }
      return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
    }
  }

  @Test func overlappingRequestsThroughRedirectsEachGetTheirOwnBody() async throws {
    let direct = try await HoppinTestServer(limit: 12)
    let moved = try await HoppinTestServer(
      limit: 12, extraArguments: ["--fault", "redirect", "--fault-on", "posters"])
    defer {
      direct.stop()
      moved.stop()
    }
    let engine = try HTTPEngine()
    let paths = try await posterPaths(direct, engine: engine)
    #expect(paths.count == 12)

    let expected = try await Self.loadAll(
      try paths.map { ($0, try url(direct, $0)) }, engine: engine)
    let redirected = try await Self.loadAll(
      try paths.map { ($0, try url(moved, $0)) }, engine: engine)
    for path in paths {
      #expect(redirected[path]?.status == 200)
      #expect(redirected[path]?.body == expected[path]?.body, "\(path)")
      #expect(expected[path]?.body.isEmpty == false)
    }
    let hops = try moved.requests().filter { $0.status == 302 }.count
    #expect(hops == paths.count)
  }

  @Test func cancellingEndsTheTransferAtOnce() async throws {
    let server = try await HoppinTestServer(limit: 12, extraArguments: ["--fault", "hang"])
    defer { server.stop() }
    let engine = try HTTPEngine()
    let address = try url(server, "/hoppin/movies?version=1&page=1&count=10")
    let load = Task { try await engine.load(address, limits: Self.limits) }
    #expect(try await eventually { try server.requests().count == 1 })

    let cancelled = ContinuousClock.now
    load.cancel()
    await #expect(throws: CancellationError.self) { try await load.value }
    // The server never answers: only the cancellation can end the call. Loose, as above.
    #expect(ContinuousClock.now - cancelled < .seconds(10))
  }

  @Test func atMostSixConnectionsGoToOneHostAndAQueuedRequestKeepsItsDeadline() async throws {
    let server = try await HoppinTestServer(limit: 12, extraArguments: ["--fault", "hang"])
    defer { server.stop() }
    let engine = try HTTPEngine()
    let loads = try (1...6).map { page in
      let address = try url(server, "/hoppin/movies?version=1&page=\(page)&count=1")
      return Task { try await engine.load(address, limits: Self.limits) }
    }
    #expect(try await eventually { try server.requests().count == 6 })

    // A seventh waits for one of the six connections; its own short deadline still ends it,
    // and it never reached the server.
    let queued = TransferLimits(maxBytes: 1_000, deadline: .milliseconds(500))
    let started = ContinuousClock.now
    await #expect(throws: TransferFailure.deadlineExceeded(.milliseconds(500))) {
      _ = try await engine.load(
        try url(server, "/hoppin/movies?version=1&page=7&count=1"), limits: queued)
    }
    #expect(ContinuousClock.now - started < .seconds(8), "the others' deadline is 10 s")
    #expect(try server.pageRequests().sorted() == Array(1...6))
    for load in loads { load.cancel() }
    for load in loads { _ = try? await load.value }
  }

  @Test func aLoadCancelledBeforeItStartsSendsNothing() async throws {
    let server = try await HoppinTestServer(limit: 12)
    defer { server.stop() }
    let engine = try HTTPEngine()
    let first = try url(server, "/hoppin/movies?version=1&page=1&count=1")
    let load = Task {
      while !Task.isCancelled { await Task.yield() }
      return try await engine.load(first, limits: Self.limits)
    }
    load.cancel()
    await #expect(throws: CancellationError.self) { try await load.value }

    _ = try await engine.load(
      try url(server, "/hoppin/movies?version=1&page=2&count=1"), limits: Self.limits)
    #expect(try await eventually { try server.requests().count >= 1 })
    #expect(try server.pageRequests() == [2])
  }

  @Test func theDeadlineCoversTheWholeRequest() async throws {
    let server = try await HoppinTestServer(
      limit: 12, extraArguments: ["--fault", "trickle", "--fault-seconds", "0.05"])
    defer { server.stop() }
    let engine = try HTTPEngine()
    let started = ContinuousClock.now
    let limits = TransferLimits(maxBytes: 1_000_000, deadline: .milliseconds(400))
    await #expect(throws: TransferFailure.deadlineExceeded(.milliseconds(400))) {
      _ = try await engine.load(
        try url(server, "/hoppin/movies?version=1&page=1&count=10"), limits: limits)
    }
    // The body trickles a byte every 50 ms, so an idle timer alone would wait for minutes.
    // The bound is loose because the test's own task may wait for a busy pool to resume it.
    #expect(ContinuousClock.now - started < .seconds(30))
  }

  @Test func aBodyPastTheCapIsRefusedWithTheCap() async throws {
    let server = try await HoppinTestServer(limit: 12, extraArguments: ["--fault", "gzip-bomb"])
    defer { server.stop() }
    let engine = try HTTPEngine()
    let limits = TransferLimits(maxBytes: 100_000, deadline: .seconds(30))
    await #expect(throws: TransferFailure.tooLarge(limit: 100_000)) {
      _ = try await engine.load(
        try url(server, "/hoppin/movies?version=1&page=1&count=10"), limits: limits)
    }
  }

  @Test func aStatusAndItsRetryAfterComeBack() async throws {
    let server = try await HoppinTestServer(
      limit: 12,
      extraArguments: ["--fault", "status", "--fault-status", "429", "--retry-after", "7"])
    defer { server.stop() }
    let response = try await HTTPEngine().load(
      try url(server, "/hoppin/movies?version=1&page=1&count=10"), limits: Self.limits)
    #expect(response.status == 429)
    #expect(response.retryAfter == "7")
  }

  @Test func aRedirectToAFileIsRefusedWithItsAddress() async throws {
    let server = try await HoppinTestServer(
      limit: 12, extraArguments: ["--fault", "redirect-file"])
    defer { server.stop() }
    await #expect(throws: TransferFailure.redirectToOtherScheme("file:///etc/passwd")) {
      _ = try await HTTPEngine().load(
        try url(server, "/hoppin/movies?version=1&page=1&count=10"), limits: Self.limits)
    }
  }

  @Test func aClosedPortIsARefusedConnection() async throws {
    let server = try await HoppinTestServer(limit: 12)
    let address = try url(server, "/hoppin/movies?version=1&page=1&count=10")
    server.stop()
    await #expect(throws: TransferFailure.connectionRefused) {
      _ = try await HTTPEngine().load(address, limits: Self.limits)
    }
  }

  @Test func otherSchemesAreNotLoaded() async throws {
    let address = try #require(URL(string: "file:///etc/passwd"))
    await #expect(throws: TransferFailure.failed("Unsupported protocol")) {
      _ = try await HTTPEngine().load(address, limits: Self.limits)
    }
  }
}
