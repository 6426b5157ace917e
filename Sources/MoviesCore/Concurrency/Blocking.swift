import Foundation
import Synchronization

/// Runs blocking calls (file I/O, waiting for a child process) on threads of their own, never
/// on a thread of the Swift concurrency pool.
///
/// The pool has about one thread per core and expects every job on it to keep moving; a job
/// that blocks holds a thread that every other task needs (Linux adds threads when workers
/// block, other platforms do not). File I/O goes to one long-lived thread, in order: the calls
/// are short, and a thread that is always there never waits to be created. A wait that can
/// last (a pager) gets a thread of its own. The calling task suspends meanwhile; the call
/// itself cannot be cancelled once started.
public enum Blocking {
  /// Runs file I/O off the pool, on the file thread.
  public static func fileIO<Value: Sendable, Failure: Error>(
    _ work: @escaping @Sendable () throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
      FileThread.shared.enqueue { continuation.resume(returning: Result(catching: work)) }
    }
    return try result.get()
  }

  /// Runs a wait that can take as long as a person likes (a pager, `xdg-open`) off the pool.
  public static func wait<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: work()) }.start()
    }
  }

  /// Runs CPU work that can take up to a second or so (decoding a poster) on a thread of its
  /// own, so the pool's threads keep moving. The work must bound and stop itself (a budget
  /// it checks): the task cannot interrupt it.
  public static func compute<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async
    -> Value
  {
    await wait(work)
  }
}

/// One thread that runs file jobs in the order they come, started with the first one.
private final class FileThread: Sendable {
  static let shared = FileThread()

  private let jobs = Mutex<[@Sendable () -> Void]>([])
  /// Counts the queued jobs; the thread sleeps on it when there are none.
  private let pending = DispatchSemaphore(value: 0)

  private init() {
    Thread { [self] in
      while true {
        pending.wait()
        let job = jobs.withLock { $0.removeFirst() }
        job()
      }
    }.start()
  }

  func enqueue(_ job: @escaping @Sendable () -> Void) {
    jobs.withLock { $0.append(job) }
    pending.signal()
  }
}
