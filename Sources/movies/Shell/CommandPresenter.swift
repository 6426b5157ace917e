import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// One command on the terminal, from the moment it starts to its last warning: it owns the
/// command's reporter, its spinner, its events (`find`'s printer, the progress bar), its
/// poster and its pager. Made by ``Shell/perform`` for each command, on
/// the main actor, which alone writes to the terminal.
@MainActor
struct CommandPresenter {
  let shell: Shell
  let command: Command
  /// Ctrl-C cancels the command and a slow load shows a spinner: at the prompt only.
  let interrupts: Interrupts?
  /// The terminal as the command starts.
  let terminal: TerminalSnapshot
  /// Where this command's warnings and error go.
  let reporter: Reporter
  /// `find`'s matches as they come, in text mode.
  let finder: FindPrinter?
  let events: CommandEvents

  /// A presenter for `command` on `shell`'s terminal as it is now.
  init(_ command: Command, on shell: Shell, interrupts: Interrupts?) async {
    self.shell = shell
    self.command = command
    self.interrupts = interrupts
    let terminal = TerminalSnapshot(shell.terminal)
    self.terminal = terminal
    let reporter = Reporter(
      json: shell.json, color: shell.color, environment: shell.environment, terminal: terminal)
    self.reporter = reporter
    // `find` prints its matches as they are found, with a progress line of its own; `thumb
    // N-M` draws a progress bar on standard error instead of a spinner. Both are drawn here,
    // on the main actor, from the events the command sends.
    let finder = await shell.findPrinter(
      command, terminal: terminal, paged: interrupts != nil, errorPalette: reporter.palette)
    self.finder = finder
    events = CommandEvents(
      finder: finder,
      progressBar: ProgressBar(
        isEnabled: terminal.showsLiveLines && !shell.json, terminalWidth: terminal.columns))
  }

  /// Runs the command, under a spinner at the prompt when it loads something; `list` is the
  /// list before it, for the spinner's label. `lineErased`: the spinner or the progress bar
  /// wiped the line the terminal echoed ^C on.
  func run(list: ListStatus?, confirmed: Bool) async -> (CommandResult, lineErased: Bool) {
    let (update, found, announce) = (events.progress, events.found, events.announce)
    let runner = shell.runner
    let result: CommandResult
    var lineErased = false
    if let interrupts {
      let label = shell.loadingLabel(command, list: list)
      let run = { [command] in
        await interrupts.cancellable {
          await runner.execute(
            command, confirmed: confirmed, progress: update, found: found, announce: announce)
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
      result = await runner.execute(command, progress: update, found: found, announce: announce)
    }
    if await events.finish() { lineErased = true }
    return (result, lineErased)
  }

  /// The result as the terminal shows it: `find`'s table whole for the pager when its matches outgrew the screen, the poster under `thumb
  /// N`. `paged` is true when `find`'s table goes to the pager.
  func reply(to result: CommandResult) async -> (Reply, paged: Bool) {
    var reply = shell.render(result, of: command, terminal: terminal, rowsPrinted: finder != nil)
    var findIsPaged = false
    if let finder, let found = try? result.outcome.get() as? FindResult,
      let paged = finder.pagedText(found)
    {
      findIsPaged = true
      reply.output = paged
    }
    if !shell.json, let saved = (try? result.outcome.get() as? ThumbnailSaved)?.saved {
      await addPoster(of: saved, to: &reply)
    }
    return (reply, findIsPaged)
  }

  /// The poster under `thumb N`, and once a session why posters are off.
  private func addPoster(of saved: SavedThumbnail, to reply: inout Reply) async {
    if let preview = shell.preview {
      switch await draw(saved, with: preview) {
      case .success(let picture): reply.output += picture ?? ""
      case .failure(let error): reply.warnings.append(Reporter.describer.message(for: error))
      }
    }
    // Why posters are off, or drawn in symbols inside tmux: said once.
    if let note = shell.preview.map(\.choice.note) ?? shell.previewNote,
      !shell.notes.previewNoteSaid
    {
      shell.notes.previewNoteSaid = true
      reply.output += TextWrap.wrap(note, toColumns: terminal.columns) + "\n"
    }
  }

  /// The poster, drawn where Ctrl-C (at the prompt) stops the decode at once; the saved file
  /// stays whatever happens.
  private func draw(_ saved: SavedThumbnail, with preview: PosterPreview) async
    -> Result<String?, any Error>
  {
    let width = terminal.columns
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

  /// Prints the reply: through the pager when the command pages and it is taller than the
  /// screen (the pager's failure is said once a session), else straight out.
  func print(_ reply: inout Reply, paged findIsPaged: Bool) async {
    if interrupts != nil, let pager = shell.pager,
      shell.isPaged(command) || findIsPaged, reply.lineCount >= terminal.lines
    {
      let outcome = await pager.show(reply)
      if outcome != .shown { Terminal.write(reply, to: STDOUT_FILENO) }
      if let failure = pager.failure(outcome), !shell.notes.pagerFailureSaid {
        shell.notes.pagerFailureSaid = true
        reply.warnings.append(failure)
      }
    } else {
      Terminal.write(reply, to: STDOUT_FILENO)
    }
  }

  /// The reply's warnings, then its error unless the caller says it.
  func report(_ reply: Reply, error reportsError: Bool) {
    guard !shell.json else { return }
    for warning in reply.warnings { reporter.warning(warning) }
    if reportsError, let error = reply.error { reporter.error(error) }
  }
}
