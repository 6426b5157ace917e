import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// What the shell prints beside the results: renderers for the terminal, the pager's rule,
/// the spinner's label; errors go through the ``Reporter``.
extension Shell {
  /// `rowsPrinted`: the command's rows were printed as they came (`find`'s).
  func render(
    _ result: CommandResult, of command: Command, terminal: TerminalSnapshot,
    rowsPrinted: Bool = false
  ) -> Reply {
    if json { return JSONRenderer.render(result, of: command, describer: Reporter.describer) }
    var renderer = textRenderer(terminal)
    renderer.rowsPrinted = rowsPrinted
    return renderer.render(result)
  }

  func textRenderer(_ terminal: TerminalSnapshot) -> TextRenderer {
    TextRenderer(
      layout: TextRenderer.Layout(
        width: terminal.columns, palette: usesColor(terminal.outputIsTerminal) ? .ansi : .plain,
        wrapsText: terminal.outputIsTerminal, unicode: terminal.unicode, atPrompt: atPrompt),
      describer: Reporter.describer)
  }

  /// The printer of `find`'s matches as they come, in text mode.
  /// `paged`: a pager shows matches that outgrow the screen (at the prompt).
  func findPrinter(
    _ command: Command, terminal: TerminalSnapshot, paged: Bool, errorPalette: Palette
  ) async -> FindPrinter? {
    guard case .find = command, !json else { return nil }
    // The rows print before the result, so the watched marks are read first.
    var renderer = textRenderer(terminal)
    renderer.watched = await runner.watchedKeys()
    return FindPrinter(
      renderer: renderer,
      showsProgress: terminal.showsLiveLines,
      errorPalette: errorPalette,
      screenLines: paged && pager != nil && terminal.outputIsTerminal ? terminal.lines : nil)
  }

  /// `pick`: fzf over the rows in view; Enter prints the row as `show N` does (`show wN`
  /// after `watchlist`, `show fN` after a server search).
  func pick(_ text: String, with picker: Picker, _ interrupts: Interrupts?) async -> Reply {
    let (rows, kind) = await runner.rowsInView()
    switch await picker.pick(rows, kind: kind, query: text, source: runner.source) {
    case .picked(let row):
      return await perform(.act(.show, RowLabel(row, kind)), interrupts: interrupts)
    case .nothingPicked:
      if !json { Terminal.write(Picker.nothingPickedNote + "\n", to: STDOUT_FILENO) }
      return Reply()
    case .unavailable(let error):
      let message = Reporter.describer.message(for: error)
      reporter.error(message)
      return Reply(error: message)
    }
  }

  /// Tables go through the pager when taller than the screen, for the commands declared
  /// to page (`list`, pages: a first page of `--count 1000` would otherwise scroll past).
  /// `find` prints as it finds, and uses the pager only when its matches outgrow the screen
  /// (``FindPrinter``).
  func isPaged(_ command: Command) -> Bool {
    !json && command.spec?.pages == true
  }

  /// What the spinner says while a command loads; nil for commands that load nothing. `list`
  /// is the list before the command, from the last reply.
  func loadingLabel(_ command: Command, list: ListStatus?) -> String? {
    command.spec?.loadingLabel(
      command, .init(nextPage: list?.nextPage, sourceName: runner.source.name))
  }

  func usesColor(_ isTerminal: Bool) -> Bool {
    Terminal.usesColor(onTerminal: isTerminal, mode: color, environment: environment)
  }
}
