#if canImport(Glibc)
  import Glibc
#endif

/// A one-line progress bar on standard error for `thumb N-M` and `thumb all`, redrawn in
/// place; drawn only when standard error is a terminal that can erase a line (not `dumb`),
/// so logs and pipes never see it. Drawn on the main actor, from ``CommandEvents``.
@MainActor
final class ProgressBar {
  let isEnabled: Bool
  private let width: Int
  /// Whether a bar is on the screen.
  private var shown = false

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
    Terminal.write(bar, to: STDERR_FILENO)
    shown = true
  }

  /// Clears the bar so the summary line starts on a clean line; true when there was one.
  func finish() -> Bool {
    defer { shown = false }
    if shown { Terminal.write("\r\u{1B}[K", to: STDERR_FILENO) }
    return shown
  }
}
