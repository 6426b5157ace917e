import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// One command, run and printed: its spinner or progress, its poster, the pager.
extension Shell {
  /// Runs one command and prints its reply. At the prompt (`interrupts` given) Ctrl-C cancels
  /// it and a slow load shows a spinner, whose label says which page from `list`.
  /// `confirmed`: the person agreed to a large `thumb` (see ``confirms(_:editor:)``);
  /// `reportsError` false leaves the error line to the caller.
  @discardableResult
  func perform(
    _ command: Command, interrupts: Interrupts? = nil, list: ListStatus? = nil,
    printsOutput: Bool = true, confirmed: Bool = false, reportsError: Bool = true
  ) async -> Reply {
    if case .pick(let text) = command, let picker {
      return await pick(text, with: picker, interrupts)
    }
    let terminal = TerminalSnapshot(environment: environment)
    let width = terminal.columns
    // `find` prints its matches as they are found, with a progress line of its own; `thumb
    // N-M` draws a progress bar on standard error instead of a spinner. Both are drawn here,
    // on the main actor, from the events the command sends.
    let finder = await findPrinter(command, terminal: terminal, paged: interrupts != nil)
    // At the prompt, `show N` prints the list's fields while its details load.
    let earlyPrinter = textRenderer(terminal)
    let events = CommandEvents(
      finder: finder,
      progressBar: ProgressBar(
        isEnabled: terminal.showsLiveLines && !json, terminalWidth: width),
      printEarly: interrupts == nil || json
        ? nil
        : { outcome in
          guard let shown = outcome as? MovieShown else { return }
          // The spinner may be drawn already: the fields take its line, and it goes on under
          // them.
          if terminal.showsLiveLines { Terminal.write("\r\u{1B}[K", to: STDERR_FILENO) }
          Terminal.write(
            earlyPrinter.listFields(of: shown.movie, row: shown.row, thumbnail: shown.thumbnail),
            to: STDOUT_FILENO)
        })
    let (update, found, early) = (events.progress, events.found, events.early)
    let result: CommandResult
    // Whether the spinner or progress bar erased the line the terminal echoed ^C on.
    var lineErased = false
    if let interrupts {
      let label = loadingLabel(command, list: list)
      let run = { [runner] in
        await interrupts.cancellable {
          await runner.execute(
            command, confirmed: confirmed, progress: update, found: found, early: early)
        }
      }
      // A dumb terminal cannot erase the spinner's line afterwards.
      if let label, terminal.showsLiveLines {
        (result, lineErased) = await Spinner.run(
          label: label, palette: reporter.palette, width: terminal.columns,
          unicode: terminal.unicode, run)
      } else {
        result = await run()
      }
    } else {
      result = await runner.execute(command, progress: update, found: found)
    }
    if await events.finish() { lineErased = true }
    let shownEarly = (events.earlyShown as? MovieShown)?.movie
    var reply = render(
      result, of: command, terminal: terminal, after: shownEarly, rowsPrinted: finder != nil)
    var findIsPaged = false
    if let finder, let found = try? result.outcome.get() as? FindResult,
      let paged = finder.pagedText(found)
    {
      findIsPaged = true
      reply.output = paged
    }
    if !json, let saved = (try? result.outcome.get() as? ThumbnailSaved)?.saved {
      if let preview {
        switch await draw(saved, with: preview, width: width, interrupts: interrupts) {
        case .success(let picture): reply.output += picture ?? ""
        case .failure(let error): reply.warnings.append(Reporter.describer.message(for: error))
        }
      }
      // Why posters are off, or drawn in symbols inside tmux: said once.
      if let note = preview.map(\.choice.note) ?? previewNote,
        !notes.previewNoteSaid.withLock({ $0 })
      {
        notes.previewNoteSaid.withLock { $0 = true }
        reply.output += TextWrap.wrap(note, toColumns: width) + "\n"
      }
    }
    // The terminal echoed ^C where the cursor was; the message starts on a line of its own,
    // unless the spinner or the progress bar already wiped that line.
    if reply.wasCancelled && !json && !lineErased { Terminal.write("\n", to: STDOUT_FILENO) }
    if !printsOutput && reply.error == nil {
      // The first page of a -c run: loaded, not printed (a failure still is, for --json).
    } else if interrupts != nil, let pager, isPaged(command) || findIsPaged,
      reply.lineCount >= terminal.lines
    {
      let outcome = await pager.show(reply)
      if outcome != .shown { Terminal.write(reply, to: STDOUT_FILENO) }
      if let failure = pager.failure(outcome), !notes.pagerFailureSaid.withLock({ $0 }) {
        notes.pagerFailureSaid.withLock { $0 = true }
        reply.warnings.append(failure)
      }
    } else {
      Terminal.write(reply, to: STDOUT_FILENO)
    }
    guard !json else { return reply }
    let reporter = reporter
    for warning in reply.warnings { reporter.warning(warning) }
    if reportsError, let error = reply.error { reporter.error(error) }
    return reply
  }

  /// The poster under `thumb N`, drawn where Ctrl-C (at the prompt) stops the decode at once;
  /// the saved file stays whatever happens.
  fileprivate func draw(
    _ saved: SavedThumbnail, with preview: PosterPreview, width: Int, interrupts: Interrupts?
  ) async -> Result<String?, any Error> {
    let render: @Sendable () async -> Result<String?, any Error> = {
      do {
        return .success(try await preview.render(saved, maximumColumns: width))
      } catch {
        return .failure(error)
      }
    }
    guard let interrupts else { return await render() }
    let drawn = await interrupts.cancellable(render)
    // The terminal echoed ^C where the cursor was; the warning starts on a line of its own.
    if case .failure(ImageDecodingError.cancelled) = drawn {
      Terminal.write("\n", to: STDOUT_FILENO)
    }
    return drawn
  }
}
