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

  /// One attempt: its number, from 1, of how many in all.
  public struct Attempt: Sendable, Equatable {
    /// The attempt's number, from 1.
    public var number: Int
    /// How many attempts there may be in all.
    public var of: Int
  }

  /// A count at the first attempt of one.
  public init() {}

  /// The latest attempt begun; `number` 1 until a request is tried again.
  public var latest: Attempt { state.withLock { $0 } }

  func begin(_ attempt: Attempt) { state.withLock { $0 = attempt } }
}
