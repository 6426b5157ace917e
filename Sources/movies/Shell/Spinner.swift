import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// A spinner on standard error for loads that take a while, saying what is being loaded, for
/// how long, and that Ctrl-C cancels it.
///
/// It shows only after ``delay``, so quick loads print nothing extra, and it erases its line
/// when the load ends, leaving the output as it would be without it. While it shows, keys
/// typed ahead are not echoed (they would land inside its line); the next prompt reads them.
@MainActor
enum Spinner {
  /// How long a load runs before the spinner shows.
  static let delay = Duration.milliseconds(300)
  private static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
  /// For a terminal whose locale is not UTF-8.
  private static let asciiFrames = ["|", "/", "-", "\\"]

  /// What the spinner's line looked like: whether it was drawn, and the echo to restore.
  private struct Shown: Sendable {
    var echo: Terminal.InputMode?
  }

  /// Runs the operation with a spinner labelled `label` (already escaped), dimmed when the
  /// palette has colour, cut to `width` columns so erasing it erases all of it. `wasShown`
  /// says whether the spinner's line was drawn, and erased. The operation's requests count
  /// their attempts, which the line shows once one is tried again.
  static func run<Result: Sendable>(
    label: String, palette: Palette, width: Int, unicode: Bool,
    _ operation: () async -> Result
  ) async -> (result: Result, wasShown: Bool) {
    let started = ContinuousClock.now
    let attempts = AttemptCount()
    let spinner = Task { () -> Shown? in
      do {
        try await Task.sleep(for: delay)
      } catch {
        return nil
      }
      let shown = Shown(echo: Terminal.stopEcho())
      let frames = unicode ? frames : asciiFrames
      var frame = 0
      while !Task.isCancelled {
        let text = line(
          frame: frames[frame % frames.count], label: label,
          elapsed: ContinuousClock.now - started, attempt: attempts.latest, unicode: unicode)
        let cut = DisplayWidth.truncate(text, toColumns: max(1, width - 1))
        Terminal.write("\r" + palette.apply(palette.dim, to: cut), to: STDERR_FILENO)
        frame += 1
        try? await Task.sleep(for: .milliseconds(100))
      }
      return shown
    }
    let result = await AttemptCount.$current.withValue(attempts) { await operation() }
    spinner.cancel()
    guard let shown = await spinner.value else { return (result, false) }
    // Erase the spinner's line, so the output starts where it would have.
    Terminal.write("\r\u{1B}[K", to: STDERR_FILENO)
    if let echo = shown.echo { Terminal.restore(echo) }
    return (result, true)
  }

  /// `⠋ Loading page 2 from example.org… 4 s · attempt 2 of 3 · Ctrl-C cancels`: the seconds
  /// once there is one, the attempt once a request is tried again.
  static func line(
    frame: String, label: String, elapsed: Duration, attempt: AttemptCount.Attempt, unicode: Bool
  ) -> String {
    let seconds = elapsed.components.seconds
    let text =
      "\(frame) \(label)" + (seconds >= 1 ? " \(seconds) s" : "")
      + (attempt.number > 1 ? " · attempt \(attempt.number) of \(attempt.of)" : "")
      + " · Ctrl-C cancels"
    return unicode ? text : TerminalText.asciiMarks(in: text)
  }
}
