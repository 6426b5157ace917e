import Foundation

/// Runs blocking calls (file I/O, waiting for a child process) on a thread of their own,
/// never on a thread of the Swift concurrency pool.
///
/// The pool has about one thread per core and expects every job on it to keep moving; a job
/// that blocks holds a thread that every other task needs (Linux adds threads when workers
/// block, other platforms do not). Each call gets a new thread: creating one costs far less
/// than the I/O, and unlike Dispatch's worker threads, which a busy process can run out of,
/// it is always there. The calling task suspends meanwhile; the call itself cannot be
/// cancelled once started.
public enum Blocking {
  /// Runs file I/O off the pool.
  public static func fileIO<Value: Sendable, Failure: Error>(
    _ work: @escaping @Sendable () throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    try await onOwnThread(work)
  }

  /// Runs a wait that can take as long as a person likes (a pager, `xdg-open`) off the pool.
  public static func wait<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await onOwnThread(work)
  }

  private static func onOwnThread<Value: Sendable, Failure: Error>(
    _ work: @escaping @Sendable () throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: Result(catching: work)) }.start()
    }
    return try result.get()
  }
}
