import Dispatch

/// Runs blocking calls (file I/O, waiting for a child process) on Dispatch threads of their
/// own, never on a thread of the Swift concurrency pool.
///
/// The pool has about one thread per core and expects every job on it to keep moving; a job
/// that blocks holds a thread that every other task needs (Linux adds threads when workers
/// block, other platforms do not). The queues here are serial queues, which Dispatch runs on
/// threads outside that pool, adding one when the others are blocked. The calling task
/// suspends meanwhile; the call itself cannot be cancelled once started.
public enum Blocking {
  /// File reads and writes, one at a time: they are short, and serial keeps the disk calm.
  private static let files = DispatchQueue(label: "movies.file-io")

  /// Runs file I/O off the pool.
  public static func fileIO<Value: Sendable, Failure: Error>(
    _ work: @escaping @Sendable () throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    try await run(on: files, work)
  }

  /// Runs a wait that can take as long as a person likes (a pager, `xdg-open`) off the pool,
  /// on a queue of its own so it holds up nothing else.
  public static func wait<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await run(on: DispatchQueue(label: "movies.wait"), work)
  }

  private static func run<Value: Sendable, Failure: Error>(
    on queue: DispatchQueue, _ work: @escaping @Sendable () throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
      queue.async { continuation.resume(returning: Result(catching: work)) }
    }
    return try result.get()
  }
}
