import Foundation

/// Runs a blocking call (reading a pipe, a synchronous HTTP fetch) on a thread of its own.
/// Tests run side by side on the few threads of the concurrency pool; one blocked there holds
/// up every test waiting for a thread, until they all run past their time limits.
public func offThePool<Value: Sendable>(
  _ work: @escaping @Sendable () throws -> Value
) async throws -> Value {
  let result: Result<Value, any Error> = await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: Result { try work() }) }.start()
  }
  return try result.get()
}
