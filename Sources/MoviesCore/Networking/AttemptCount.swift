import Synchronization

/// Which attempt the request a command waits on is at, so a spinner can say "attempt 2 of 3"
/// while a server is slow to answer.
///
/// A task-local rather than a parameter: the count belongs to the command that is running,
/// and threading it through every source's methods down to ``RetryPolicy`` would widen each
/// of them for one line of the spinner. A request made outside a counted command (a prefetch
/// started earlier) records nothing.
public final class AttemptCount: Sendable {
  /// The count of the command running in this task, if its caller watches one.
  @TaskLocal public static var current: AttemptCount?

  private let state = Mutex(Attempt(number: 1, of: 1))

  public struct Attempt: Sendable, Equatable {
    public var number: Int
    public var of: Int
  }

  public init() {}

  /// The latest attempt begun; `number` 1 until a request is tried again.
  public var latest: Attempt { state.withLock { $0 } }

  func begin(_ attempt: Attempt) { state.withLock { $0 = attempt } }
}
