import Synchronization

/// Spaces requests to a server that allows only so many a second: each caller reserves the
/// next free slot and sleeps until it comes. Slots are ``interval`` apart, except that up to
/// ``burst`` requests may go at once after a pause (a page with its genre list), so any one
/// second holds at most `burst - 1` more than `requestsPerSecond`.
/// One pacer per server is shared by everything that asks it (pages, prefetches, `find`,
/// posters, details), so together they stay under the limit.
public final class RequestPacer: Sendable {
  /// The least time between two requests.
  public let interval: Duration
  /// How many requests may start together after a pause.
  public let burst: Int
  /// The slot the next request would have if none could go early.
  private let next = Mutex<ContinuousClock.Instant?>(nil)
  private let now: @Sendable () -> ContinuousClock.Instant
  private let sleep: @Sendable (ContinuousClock.Instant) async throws -> Void

  /// - Parameters:
  ///   - requestsPerSecond: the rate requests are spaced at.
  ///   - burst: how many may start together after a pause (default 2).
  ///   - now, sleep: the clock and the wait, injectable for tests; the wait throws
  ///     `CancellationError` when the task is cancelled.
  public init(
    requestsPerSecond: Int, burst: Int = 2,
    now: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
    sleep: @escaping @Sendable (ContinuousClock.Instant) async throws -> Void = {
      try await Task.sleep(until: $0, clock: .continuous)
    }
  ) {
    interval = .seconds(1) / max(1, requestsPerSecond)
    self.burst = max(1, burst)
    self.now = now
    self.sleep = sleep
  }

  /// Waits for this request's slot. A cancelled wait gives no slot back: the next caller is
  /// spaced from it anyway, which costs one interval at most.
  public func waitForSlot() async throws {
    let current = now()
    let early = interval * (burst - 1)
    let slot = next.withLock { next in
      let due = max(current, next ?? current)
      next = due + interval
      return max(current, due - early)
    }
    if slot > current { try await sleep(slot) }
    try Task.checkCancellation()
  }
}
