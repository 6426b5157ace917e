import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

extension SQLiteDatabase {
  /// The wait for another process's lock: SQLite asks the busy handler before each retry,
  /// and it says stop once the timeout has passed or the operation was cancelled (Ctrl-C),
  /// instead of sleeping through `sqlite3_busy_timeout`, which nothing interrupts.
  final class BusyWait: Sendable {
    /// Which operation may be cancelled, and whether it was.
    private let state = Mutex((operation: 0, cancelled: false))
    let timeout: Duration

    init(timeout: Duration) {
      self.timeout = timeout
    }

    /// Starts an operation; returns its number for ``cancel(_:)``.
    func begin() -> Int {
      state.withLock { state in
        state = (state.operation &+ 1, false)
        return state.operation
      }
    }

    /// Stops the waits of `operation`, if it is still the current one.
    func cancel(_ operation: Int) {
      state.withLock { state in
        if state.operation == operation { state.cancelled = true }
      }
    }

    /// Whether the current operation was cancelled.
    var wasCancelled: Bool { state.withLock { $0.cancelled } }

    /// How long the handler sleeps between SQLite's retries.
    static let interval: Duration = .milliseconds(10)

    /// The busy handler: nonzero to wait and retry. `attempts` counts this lock's retries.
    static let handler: @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32 = {
      context, attempts in
      guard let context else { return 0 }
      let wait = Unmanaged<BusyWait>.fromOpaque(context).takeUnretainedValue()
      guard !wait.wasCancelled, interval * Int(attempts) < wait.timeout else { return 0 }
      usleep(UInt32(interval.components.attoseconds / 1_000_000_000_000))
      return wait.wasCancelled ? 0 : 1
    }
  }
}
