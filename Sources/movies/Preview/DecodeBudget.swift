import MoviesCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// How much a poster may cost to decode: a second of CPU, and no more once the user has
/// pressed Ctrl-C. Image bytes come from a server, and a small file can take minutes (a
/// PNG whose data inflates to gigabytes, a JPEG of 20,000 scans).
///
/// The task that waits for the decode cancels it from another thread; the decoder asks
/// ``check()`` between pieces of work, on the thread that decodes.
final class DecodeBudget: Sendable {
  /// The CPU a preview may take; past it the preview is skipped.
  static let cpuLimit: Duration = .seconds(1)

  private let cancelled = Atomic(false)
  private let limit: Duration
  /// The decoding thread's CPU time when it started, set on that thread.
  private let started = Mutex<Duration?>(nil)

  init(limit: Duration = DecodeBudget.cpuLimit) {
    self.limit = limit
  }

  func cancel() {
    cancelled.store(true, ordering: .relaxed)
  }

  /// Why the decode must stop now, or nil to go on. The first call starts the CPU clock.
  func check(_ format: ImageFormat) -> ImageDecodingError? {
    if cancelled.load(ordering: .relaxed) { return .cancelled(format: format) }
    let now = Self.threadCPUTime()
    let start = started.withLock { start in
      if start == nil { start = now }
      return start ?? now
    }
    return now - start > limit ? .tooSlow(format: format, limit: limit) : nil
  }

  /// The CPU the calling thread has used.
  private static func threadCPUTime() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
  }
}
