#if canImport(Glibc)
  import Glibc
#endif

/// Stopping the program as a shell job (Ctrl-Z) from the thread that asks, and returning once
/// it is continued (`fg`).
enum Suspension {
  /// Stops the process group and returns after SIGCONT (`fg`).
  ///
  /// A signal sent to the process goes to whichever thread takes it (the main thread, which
  /// Dispatch parks while other threads run the main queue), so this thread could run on,
  /// back into editing mode, before the stop reached it, or stop twice. So the others in the
  /// group (`tee` in `movies | tee log`) are stopped while this process ignores the signal,
  /// and then this thread alone gets one with the default action, unblocked: the kernel stops
  /// the process on this thread's way out of `raise`, and what follows runs after `fg`.
  static func stop() {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = SIG_IGN
    var previousAction = sigaction()
    sigaction(SIGTSTP, &action, &previousAction)
    kill(0, SIGTSTP)
    action.__sigaction_handler.sa_handler = SIG_DFL
    sigaction(SIGTSTP, &action, nil)
    var stopSignal = sigset_t()
    sigemptyset(&stopSignal)
    sigaddset(&stopSignal, SIGTSTP)
    var previousMask = sigset_t()
    pthread_sigmask(SIG_UNBLOCK, &stopSignal, &previousMask)
    raise(SIGTSTP)
    pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    sigaction(SIGTSTP, &previousAction, nil)
  }
}
