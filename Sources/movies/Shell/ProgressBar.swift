import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A one-line progress bar on standard error for `thumb N-M` and `thumb all`, redrawn in
/// place; drawn only when standard error is a terminal, so logs and pipes never see it.
final class ProgressBar: Sendable {
  private let isEnabled: Bool
  private let width: Int
  /// Whether a bar is on the screen; updates come from concurrent downloads.
  private let shown = Mutex(false)

  init(isEnabled: Bool, terminalWidth: Int) {
    self.isEnabled = isEnabled
    width = max(10, min(40, terminalWidth - 20))
  }

  /// Draws `[#####.....] done/total`.
  func update(done: Int, total: Int) {
    guard isEnabled, total > 0 else { return }
    let filled = width * min(done, total) / total
    let bar =
      "\r[" + String(repeating: "#", count: filled)
      + String(repeating: ".", count: width - filled) + "] \(done)/\(total)"
    shown.withLock { shown in
      Terminal.write(bar, to: STDERR_FILENO)
      shown = true
    }
  }

  /// Clears the bar so the summary line starts on a clean line; true when there was one.
  @discardableResult
  func finish() -> Bool {
    shown.withLock { shown in
      let wasShown = shown
      if shown { Terminal.write("\r\u{1B}[K", to: STDERR_FILENO) }
      shown = false
      return wasShown
    }
  }
}
