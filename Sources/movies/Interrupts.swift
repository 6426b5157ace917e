import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Turns Ctrl-C during a command into cancelling that command, so a slow load never holds the
/// prompt hostage. At the prompt itself Ctrl-C is a key that ``LineEditor`` handles.
final class Interrupts {
  /// How to cancel the command that is running, shared with the signal's event handler.
  private final class CurrentCommand: Sendable {
    let cancel = Mutex<(@Sendable () -> Void)?>(nil)
  }

  private let current = CurrentCommand()
  private let source: any DispatchSourceSignal

  init() {
    // SIGINT is ignored as a signal and watched through Dispatch instead, so its handling
    // runs as ordinary code rather than inside a signal handler.
    signal(SIGINT, SIG_IGN)
    source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler { [current] in
      current.cancel.withLock { $0 }?()
    }
    source.resume()
  }

  /// Runs an operation that Ctrl-C cancels.
  func cancellable<Result: Sendable>(
    _ operation: @escaping @Sendable () async -> Result
  ) async -> Result {
    let task = Task { await operation() }
    current.cancel.withLock { $0 = { task.cancel() } }
    defer { current.cancel.withLock { $0 = nil } }
    return await task.value
  }
}
