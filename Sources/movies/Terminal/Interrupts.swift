import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Turns Ctrl-C during a command into cancelling that command, so a slow load never holds the
/// prompt hostage. At the prompt itself Ctrl-C is a key that ``LineEditor`` handles.
@MainActor
final class Interrupts {
  /// The command that is running, shared with the signal's event handler.
  private final class CurrentCommand: Sendable {
    struct State {
      /// How to cancel the running command; nil between commands.
      var cancel: (@Sendable () -> Void)?
      /// A Ctrl-C that came after the line was read but before its command started.
      var pending = false
    }
    let state = Mutex(State())
  }

  private let current = CurrentCommand()
  private let watch: SignalWatch.Source

  init() {
    // Watched through Dispatch, so its handling runs as ordinary code rather than inside a
    // signal handler; ready when this returns (see SignalWatch).
    watch = SignalWatch.start(SIGINT) { @Sendable [current] in
      let cancel = current.state.withLock { state in
        if state.cancel == nil { state.pending = true }
        return state.cancel
      }
      cancel?()
    }
  }

  /// Forgets a Ctrl-C that no command took; called as the prompt comes back, so a press
  /// meant for the last command never cancels the next one.
  func reset() {
    current.state.withLock { $0.pending = false }
  }

  /// Runs an operation that Ctrl-C cancels, also a Ctrl-C pressed since the last ``reset()``.
  func cancellable<Result: Sendable>(
    _ operation: @escaping @Sendable () async -> Result
  ) async -> Result {
    let task = Task { await operation() }
    let pending = current.state.withLock { state in
      state.cancel = { task.cancel() }
      defer { state.pending = false }
      return state.pending
    }
    if pending { task.cancel() }
    defer { current.state.withLock { $0.cancel = nil } }
    return await task.value
  }
}
