/// Lets at most `width` operations run at once; the others wait their turn, first come first
/// served, and a waiter that is cancelled leaves the queue at once.
actor ConcurrencyLimit {
  private struct Waiter {
    var id: UInt64
    var continuation: CheckedContinuation<Void, any Error>
  }

  let width: Int
  private var running = 0
  private var waiters: [Waiter] = []
  private var nextID: UInt64 = 0

  init(width: Int) {
    self.width = max(1, width)
  }

  /// How many operations wait for a slot.
  var waitingCount: Int { waiters.count }

  /// Runs the operation when a slot is free.
  func run<Result: Sendable>(
    _ operation: @Sendable () async throws -> Result
  ) async throws -> Result {
    try await acquire()
    defer { release() }
    return try await operation()
  }

  private func acquire() async throws {
    if running < width {
      running += 1
      return
    }
    nextID += 1
    let id = nextID
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        if Task.isCancelled {
          continuation.resume(throwing: CancellationError())
        } else {
          waiters.append(Waiter(id: id, continuation: continuation))
        }
      }
    } onCancel: {
      Task { await self.cancelWaiter(id) }
    }
  }

  private func cancelWaiter(_ id: UInt64) {
    guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
    waiters.remove(at: index).continuation.resume(throwing: CancellationError())
  }

  /// Hands the slot straight to the next waiter, so `running` never dips and lets a newcomer
  /// jump the queue.
  private func release() {
    if waiters.isEmpty {
      running -= 1
    } else {
      waiters.removeFirst().continuation.resume()
    }
  }
}
