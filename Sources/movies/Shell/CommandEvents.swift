import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// What a running command reports as it goes: `find`'s matches and how far it got, `thumb`'s
/// progress.
enum CommandEvent: Sendable {
  case progress(done: Int, total: Int)
  case found([MovieSearch.Match], largestRow: Int)
  /// A line to show before the result (`play`'s `Resuming …`).
  case line(String)
}

/// Carries a running command's events from where it runs (the browser actor, the pool) to
/// the main actor, the only place that writes to the terminal: the command's callbacks only
/// send values, and a task on the main actor draws them in order, with `find`'s printer or
/// the progress bar.
@MainActor
final class CommandEvents {
  private let finder: FindPrinter?
  private let progressBar: ProgressBar
  private let sink: AsyncStream<CommandEvent>.Continuation
  private var drawing: Task<Void, Never>?
  /// Whether events are drawn: at a terminal, not for `--json` or a script.
  private nonisolated let draws: Bool

  init(finder: FindPrinter?, progressBar: ProgressBar) {
    self.finder = finder
    self.progressBar = progressBar
    let (events, sink) = AsyncStream<CommandEvent>.makeStream()
    self.sink = sink
    draws = finder != nil || progressBar.isEnabled
    // With nothing to draw (a script's `more`), no task: events are dropped as they come.
    guard finder != nil || progressBar.isEnabled else {
      sink.finish()
      return
    }
    // Ends when the stream does (``finish()``), so it never outlives the command.
    drawing = Task { [finder, progressBar] in
      for await event in events {
        switch event {
        case .progress(let done, let total):
          if let finder {
            finder.progress(searched: done, total: total)
          } else {
            progressBar.update(done: done, total: total)
          }
        case .found(let matches, let largestRow):
          finder?.rows(matches, largestRow: largestRow)
        case .line(let text):
          _ = Terminal.write(text, to: STDOUT_FILENO)
        }
      }
    }
  }

  /// The runner's `progress` callback: it sends, and draws nothing itself.
  nonisolated var progress: @Sendable (Int, Int) -> Void {
    { [sink] done, total in sink.yield(.progress(done: done, total: total)) }
  }

  /// The runner's `found` callback.
  nonisolated var found: @Sendable ([MovieSearch.Match], Int) -> Void {
    { [sink] matches, largestRow in sink.yield(.found(matches, largestRow: largestRow)) }
  }

  /// The runner's `announce` callback: true when the line will be drawn.
  nonisolated var announce: @Sendable (String) -> Bool {
    { [sink, draws] text in
      guard draws else { return false }
      sink.yield(.line(text))
      return true
    }
  }

  /// Draws every event sent, then erases the progress lines so the result starts on a clean
  /// line; true when a line was erased.
  func finish() async -> Bool {
    sink.finish()
    await drawing?.value
    drawing = nil
    let barErased = progressBar.finish()
    let findErased = finder?.finish() ?? false
    return barErased || findErased
  }
}
