import Dispatch
import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// SIGHUP (the terminal went away) and SIGTERM, while an operation runs, first run a cleanup
/// (`pick` removes its temporary folder and ends fzf), then end the program by the same
/// signal, as they would have without. Outside the operation they keep their default action,
/// and libedit's handling at the prompt, so nothing else changes; a signal the program was
/// started with ignored (`nohup`) stays ignored.
enum TerminationSignals {
  static let caught = [SIGHUP, SIGTERM]

  static func cleaningUp<Result>(
    with cleanup: @escaping @Sendable (Int32) -> Void, during operation: () async -> Result
  ) async -> Result {
    var sources: [SignalWatch.Source] = []
    var previous: [(signal: Int32, action: sigaction)] = []
    for number in caught {
      var action = sigaction()
      guard sigaction(number, nil, &action) == 0, !SignalWatch.isIgnored(action) else { continue }
      previous.append((number, action))
      // Off the pool: the watch waits for its registration (see SignalWatch).
      let source = await Blocking.wait {
        SignalWatch.start(number) { @Sendable in
          cleanup(number)
          var fallback = sigaction()
          fallback.__sigaction_handler.sa_handler = SIG_DFL
          sigaction(number, &fallback, nil)
          // To the process, not this thread: Dispatch's threads block signals.
          kill(getpid(), number)
        }
      }
      sources.append(source)
    }
    let result = await operation()
    for source in sources { source.cancel() }
    for (number, action) in previous {
      var action = action
      sigaction(number, &action, nil)
    }
    return result
  }
}
