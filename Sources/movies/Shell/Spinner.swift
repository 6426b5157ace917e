import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// A spinner on standard error for loads that take a while, saying what is being loaded.
///
/// It shows only after ``delay``, so quick loads print nothing extra, and it erases its line
/// when the load ends, leaving the output as it would be without it.
@MainActor
enum Spinner {
  /// How long a load runs before the spinner shows.
  static let delay = Duration.milliseconds(300)
  private static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  /// Runs the operation with a spinner labelled `label` (already escaped), dimmed when the
  /// palette has colour. `wasShown` says whether the spinner's line was drawn, and erased.
  static func run<Result: Sendable>(
    label: String, palette: Palette, _ operation: () async -> Result
  ) async -> (result: Result, wasShown: Bool) {
    let spinner = Task {
      do {
        try await Task.sleep(for: delay)
      } catch {
        return false
      }
      var frame = 0
      while !Task.isCancelled {
        let text = palette.apply(palette.dim, to: "\(frames[frame % frames.count]) \(label)")
        Terminal.write("\r" + text, to: STDERR_FILENO)
        frame += 1
        try? await Task.sleep(for: .milliseconds(100))
      }
      return true
    }
    let result = await operation()
    spinner.cancel()
    // Erase the spinner's line, so the output starts where it would have.
    let shown = await spinner.value
    if shown { Terminal.write("\r\u{1B}[K", to: STDERR_FILENO) }
    return (result, shown)
  }
}
