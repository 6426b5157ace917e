import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A signal watched through a Dispatch source, so its handling runs as ordinary code rather
/// than inside a signal handler (``Interrupts``, ``TerminationSignals``).
///
/// On Linux, libdispatch reads the signal from a signalfd and installs a handler of its own
/// that passes the signal on to its event thread. It installs that handler once per process
/// and signal, and later, on its event thread, after the source is resumed. Until then the
/// signal must be ignored, or it would end the program; but this process's main thread waits
/// in `sigsuspend` with nothing blocked, and the kernel discards an ignored signal sent to a
/// process whose main thread does not block it. So:
/// - ``start(_:handler:)`` returns only once the source is registered: a Ctrl-C right
///   after it is not lost, and libedit, which saves the signal's action when a line is read
///   and puts it back after, never saves "ignored" (which would lose every later Ctrl-C);
/// - a signal watched a second time (a second `pick`) gets back the handler libdispatch
///   installed the first time, which it does not install again.
enum SignalWatch {
  /// libdispatch's handler for each signal it has installed one for. Process-wide, as
  /// libdispatch's own record of it is.
  private static let dispatchActions = Mutex<[Int32: sigaction]>([:])

  /// How long the registration is waited for: it takes well under a millisecond, and up to a
  /// tenth of a second on a loaded machine.
  static let registrationTimeout = DispatchTimeInterval.seconds(2)

  /// Watches `number` with `handler` until the source is cancelled; the signal's action is
  /// left to the caller to put back afterwards. The handler and the registration run on a
  /// queue of their own, not on the Swift concurrency pool, so a busy pool cannot hold up
  /// Ctrl-C, nor this wait for the registration (which blocks the calling thread).
  static func start(_ number: Int32, handler: @escaping @Sendable () -> Void) -> Source {
    let known = dispatchActions.withLock { $0[number] }
    if var known {
      sigaction(number, &known, nil)
    } else {
      signal(number, SIG_IGN)
    }
    let source = DispatchSource.makeSignalSource(
      signal: number, queue: DispatchQueue(label: "movies.signal.\(number)"))
    let registered = DispatchSemaphore(value: 0)
    source.setRegistrationHandler { registered.signal() }
    source.setEventHandler(handler: handler)
    source.resume()
    // Bounded: should libdispatch never report the registration, the signal is still
    // ignored rather than the program stuck.
    _ = registered.wait(timeout: .now() + registrationTimeout)
    if known == nil {
      var installed = sigaction()
      if sigaction(number, nil, &installed) == 0, !isIgnored(installed) {
        dispatchActions.withLock { $0[number] = installed }
      }
    }
    return Source(source)
  }

  /// A watch under way, to cancel when it is over.
  // @unchecked: it holds only the Dispatch source, whose methods may be called from any
  // thread (libdispatch documents them as thread-safe).
  final class Source: @unchecked Sendable {
    private let source: any DispatchSourceSignal

    init(_ source: any DispatchSourceSignal) { self.source = source }

    func cancel() { source.cancel() }
  }

  static func isIgnored(_ action: sigaction) -> Bool {
    unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
      == unsafeBitCast(SIG_IGN, to: Int.self)
  }
}
