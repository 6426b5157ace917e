/// When and how long to wait before trying a failed request again.
///
/// Waits grow exponentially from ``baseDelay`` (about 0.5 s, then 1 s) with jitter, so many
/// clients that failed together do not come back together, each at most ``maxRetryAfter``.
/// A server's `Retry-After` replaces the computed wait (one longer than ``maxRetryAfter`` is
/// not waited for: the caller gives up and says so). The waits of one load add up to at most
/// ``maxTotalWait``, so `--retries 10` against a server that always fails costs a minute, not
/// eight. The wait itself is injectable so tests need not
/// sleep, and the default one is `Task.sleep`, which a cancelled task (Ctrl-C) leaves at once.
public struct RetryPolicy: Sendable {
  /// Retries after the first attempt: 2 means 3 attempts in all.
  public var retries: Int
  /// The first wait; each later one doubles it.
  public var baseDelay: Duration
  /// The longest single wait, and the longest `Retry-After` honoured.
  public var maxRetryAfter: Duration
  /// The most all the waits of one load may add up to; a retry that would pass it is not made.
  public var maxTotalWait: Duration
  /// A factor in 0.8...1.2 for each wait.
  public var jitter: @Sendable () -> Double
  /// Waits; throws `CancellationError` when the task is cancelled.
  public var sleep: @Sendable (Duration) async throws -> Void

  /// The default number of retries.
  public static let defaultRetries = 2

  /// A policy of `retries` retries, waiting `baseDelay` first and twice as long each time after.
  public init(
    retries: Int = RetryPolicy.defaultRetries,
    baseDelay: Duration = .milliseconds(500),
    maxRetryAfter: Duration = .seconds(10),
    maxTotalWait: Duration = .seconds(60),
    jitter: @escaping @Sendable () -> Double = { Double.random(in: 0.8...1.2) },
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) {
    self.retries = max(0, retries)
    self.baseDelay = baseDelay
    self.maxRetryAfter = maxRetryAfter
    self.maxTotalWait = maxTotalWait
    self.jitter = jitter
    self.sleep = sleep
  }

  /// The wait after failed attempt `attempt` (1-based): the server's `Retry-After` when it
  /// gave one (capped), else `baseDelay × 2^(attempt-1)` with jitter.
  public func delay(afterAttempt attempt: Int, retryAfter: Duration?) -> Duration {
    if let retryAfter { return min(max(retryAfter, .zero), maxRetryAfter) }
    let exponent = min(max(attempt - 1, 0), 16)
    return min(baseDelay * (Double(1 << exponent) * jitter()), maxRetryAfter)
  }
}

extension RetryPolicy {
  /// How one attempt of a request ended.
  public enum Attempt<Value: Sendable>: Sendable {
    case success(Value)
    /// A failure; `transient` ones are tried again, after the server's `retryAfter` if any.
    case failure(any Error, transient: Bool, retryAfter: Duration?)
  }

  /// Runs `attempt` (numbered from 1) until it succeeds, fails for good, or the retries are
  /// spent, waiting between tries as ``delay(afterAttempt:retryAfter:)`` says; throws the last
  /// failure. The wait throws `CancellationError` at once when Ctrl-C cancels the command.
  public func run<Value: Sendable>(_ attempt: (Int) async throws -> Attempt<Value>)
    async throws -> Value
  {
    var number = 1
    var waited = Duration.zero
    while true {
      try Task.checkCancellation()
      if number > 1 { AttemptCount.current?.begin(.init(number: number, of: retries + 1)) }
      switch try await attempt(number) {
      case .success(let value): return value
      case .failure(let error, let transient, let retryAfter):
        guard transient, number <= retries else { throw error }
        let wait = delay(afterAttempt: number, retryAfter: retryAfter)
        guard waited + wait <= maxTotalWait else { throw error }
        try await sleep(wait)
        waited += wait
        number += 1
      }
    }
  }
}
