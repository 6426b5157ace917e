import Synchronization

/// Spaces requests to a server that allows only so many a second: each caller reserves the
/// next free slot, at least ``interval`` after the one before, and sleeps until it comes.
/// One pacer per server is shared by everything that asks it (pages, prefetches, `find`,
/// posters, details), so together they stay under the limit.
public final class RequestPacer: Sendable {
  /// The least time between two requests.
  public let interval: Duration
  private let next = Mutex<ContinuousClock.Instant?>(nil)
  private let now: @Sendable () -> ContinuousClock.Instant
  private let sleep: @Sendable (ContinuousClock.Instant) async throws -> Void

  /// - Parameters:
  ///   - requestsPerSecond: the most requests in any second.
  ///   - now, sleep: the clock and the wait, injectable for tests; the wait throws
  ///     `CancellationError` when the task is cancelled.
  public init(
    requestsPerSecond: Int,
    now: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
    sleep: @escaping @Sendable (ContinuousClock.Instant) async throws -> Void = {
      try await Task.sleep(until: $0, clock: .continuous)
    }
  ) {
    interval = .seconds(1) / max(1, requestsPerSecond)
    self.now = now
    self.sleep = sleep
  }

  /// Waits for this request's slot. A cancelled wait gives no slot back: the next caller is
  /// spaced from it anyway, which costs one interval at most.
  public func waitForSlot() async throws {
    let current = now()
    let slot = next.withLock { next in
      let slot = max(current, next ?? current)
      next = slot + interval
      return slot
    }
    if slot > current { try await sleep(slot) }
    try Task.checkCancellation()
  }
}
