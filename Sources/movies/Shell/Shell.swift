import Dispatch
import MoviesCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Reads commands and prints what they produce: from the libedit prompt when a person is
/// typing, or from `-c` and standard input in script mode, where there is no prompt, output is
/// plain and the exit status says whether every command succeeded.
///
/// The main actor owns the terminal: the shell runs on the main thread, so the blocking
/// reads (`el_gets`, `readLine`) hold that thread and never one of the concurrency pool's,
/// while the commands they start run on the pool.
@MainActor
struct Shell {
  let runner: CommandRunner
  /// The query of the first page, for the prompt until a page has loaded.
  let query: MovieQuery
  /// Its genre's name, when it has one.
  let genreName: String?
  let environment: [String: String]
  let color: ColorMode
  /// `--json`: every result is one JSON object on standard output, errors included.
  let json: Bool
  /// Draws the poster under `thumb N`; nil for no preview.
  var preview: PosterPreview? = nil
  /// `pick`'s fzf; nil where there is no terminal to show it on.
  var picker: Picker? = nil
  /// Long `list` output and pages go through it at the prompt; nil with `--no-pager`.
  let pager: Pager?
  /// Where the prompt's lines are kept across runs; nil when history is off.
  let history: HistoryFile?
  /// `--resume`: start with `resume` instead of the first page (the first page when nothing
  /// is saved).
  var resumes = false
  /// True when a person types at the prompt: tables continue across pages and status lines
  /// say what to type next. False in script mode.
  var atPrompt = false
  /// `--stop-on-error`: script mode ends at the first command that fails.
  var stopsOnError = false
  /// Said once, under the first poster that is not drawn: why posters are off. (A drawn
  /// poster's own note, from ``PreviewChoice``, is said the same way.)
  var previewNote: String? = nil
  private let notes = Notes()

  /// The genres, for completion and the prompt, loaded in the background so the first
  /// prompt never waits.
  private final class GenreNames: Sendable {
    let genres = Mutex<[Genre]>([])
  }

  /// Whether the preview note was said.
  private final class Notes: Sendable {
    let previewNoteSaid = Mutex(false)
    let pagerFailureSaid = Mutex(false)
  }

  /// The prompt loop. Returns the exit status.
  func runInteractive(editor: LineEditor, interrupts: Interrupts, banner: String) async -> Int32 {
    if !json { Terminal.write(banner + "\n", to: STDOUT_FILENO) }
    // What the prompt, completion and the spinner need comes back with each reply; the
    // shell never asks the browser, so a `more` is one trip there.
    var list = ListStatus(query: query, genreName: genreName)
    let first = await start(interrupts: interrupts, list: list).reply
    list = first.list ?? list
    // Where the run started: leaving from here saves nothing, so the session saved before
    // (a deeper one, say) is still the one `resume` reopens.
    let started = list
    var view = first.view ?? .rows([])
    let genres = GenreNames()
    // Detached: a task started here would belong to the main actor, whose thread waits in
    // el_gets, and could not finish until a line was typed. Cancelled when the loop ends.
    let genreLoad = Task.detached { [runner] in
      let list = (try? await runner.genreSource?.genres()) ?? []
      genres.genres.withLock { $0 = list }
    }
    defer { genreLoad.cancel() }
    editor.genreNames = { genres.genres.withLock { $0.map(\.name) } }
    while true {
      // The list knows its genre's name when a command gave it; else the genres loaded for
      // completion may.
      let genreName = genres.genres.withLock { all in
        all.first { $0.id == list.query.genreID }?.name
      }
      let prompt = StatusLine.prompt(list, genreName: genreName)
      editor.prompt =
        Terminal.usesUnicode(environment: environment)
        ? prompt : TerminalText.asciiMarks(in: prompt)
      editor.completions = CompletionTable(
        moreRemains: list.moreRemains, view: view,
        orders: OrderName.words(offeredBy: runner.source.capabilities.orders))
      interrupts.reset()
      switch editor.readLine() {
      case .end:
        // Ends the prompt's line, on the terminal even when the output is piped.
        Terminal.write("\n", to: editor.outputDescriptor)
        return await leave(from: started, interrupts)
      case .interrupted:
        continue
      case .line(let line):
        history?.append(line)
        do {
          guard let command = try Self.command(in: line) else { continue }
          guard await confirms(command, editor: editor) else {
            Terminal.write("Nothing was saved.\n", to: STDOUT_FILENO)
            continue
          }
          let reply = await perform(command, interrupts: interrupts, list: list, confirmed: true)
          view = reply.view ?? view
          list = reply.list ?? list
          if reply.quits { return await leave(from: started, interrupts) }
        } catch {
          reporter.error(error, line: line)
        }
      }
    }
  }

  /// The first command: `resume` with `--resume`, falling back to the first page when it
  /// fails; `succeeded` is false when either failed. `printsOutput` as for ``perform``.
  private func start(
    interrupts: Interrupts? = nil, list: ListStatus? = nil, printsOutput: Bool = true
  ) async -> (reply: Reply, succeeded: Bool) {
    func run(_ command: Command) async -> Reply {
      await perform(
        command, interrupts: interrupts, list: list, printsOutput: printsOutput,
        reportsError: !resumes)
    }
    guard resumes else {
      let reply = await run(.more)
      return (reply, reply.error == nil)
    }
    let resumed = await run(.resume)
    guard let reason = resumed.error else { return (resumed, true) }
    // One error, once, saying what the list is now: the first page's own failure would
    // repeat the cause and advise `more`. A source that failed the resume (or Ctrl-C) is
    // not asked for the first page: that would be a second wait for the same failure.
    let sourceFailed = resumed.errorCode == .source || resumed.errorCode == .cancelled
    let first = sourceFailed ? nil : await run(.more)
    if !json {
      reporter.error(
        Reporter.describer.message(
          for: FailedResume(reason: reason, firstPageLoaded: first.map { $0.error == nil } ?? false)
        ))
    }
    return (first ?? resumed, false)
  }

  /// Leaving the prompt remembers the query and its depth for `resume` when the list moved
  /// since `start` (scripts never do). Ctrl-C stops a wait for another program's lock on the
  /// file, and leaves without saving.
  private func leave(from start: ListStatus, _ interrupts: Interrupts) async -> Int32 {
    interrupts.reset()
    let problem = await interrupts.cancellable { [runner] in
      await runner.saveSession(ifMovedFrom: start)
    }
    if let problem, !json { reporter.warning(problem) }
    return 0
  }

  /// Script mode: runs each line in order, past a failure unless ``stopsOnError``; 0 when all
  /// succeeded, else 1. With `showsFirstPage` false (`-c`, as `psql -c`), the first page is
  /// loaded without being printed, so only what the commands produce is printed.
  func runScript(lines: some Sequence<String>, showsFirstPage: Bool = true) async -> Int32 {
    var succeeded = await start(printsOutput: showsFirstPage).succeeded
    for line in lines {
      if stopsOnError && !succeeded { break }
      do {
        guard let command = try Self.command(in: line) else { continue }
        let reply = await perform(command)
        succeeded = succeeded && reply.error == nil
        if reply.quits { break }
      } catch {
        reporter.error(error, line: line)
        succeeded = false
      }
    }
    return succeeded ? 0 : 1
  }

  /// The command on a line; nil for a blank line or a comment (`#` first, as in sh and
  /// psql's scripts), so a commented script runs as written.
  static func command(in line: String) throws(Command.ParseError) -> Command? {
    if line.drop(while: \.isWhitespace).hasPrefix("#") { return nil }
    return try Command.parse(line)
  }

  /// Asks before `thumb` saves more than ``ThumbRows/askAbove`` rows at the prompt (y/N);
  /// true when it may go on.
  private func confirms(_ command: Command, editor: LineEditor) async -> Bool {
    guard case .thumbs(let rows) = command,
      let count = try? await runner.thumbnailRows(rows).count, count > ThumbRows.askAbove
    else { return true }
    let prompt = editor.prompt
    defer { editor.prompt = prompt }
    editor.prompt = "Save \(Format.grouped(count)) thumbnails? (y/N) "
    guard case .line(let answer) = editor.readLine(remembers: false) else { return false }
    let word = answer.split(whereSeparator: \.isWhitespace).first?.lowercased()
    return word == "y" || word == "yes"
  }

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
    let finder = await findPrinter(command, terminal: terminal)
    // At the prompt, `show N` prints the list's fields while its details load.
    let earlyPrinter = textRenderer(terminal)
    let events = CommandEvents(
      finder: finder,
      progressBar: ProgressBar(
        isEnabled: terminal.showsLiveLines && !json, terminalWidth: width),
      printEarly: interrupts == nil || json
        ? nil
        : { outcome in
          guard case .movie(let movie, let row, let thumbnail) = outcome else { return }
          Terminal.write(
            earlyPrinter.listFields(of: movie, row: row, thumbnail: thumbnail), to: STDOUT_FILENO)
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
    var shownEarly: Movie?
    if case .movie(let movie, _, _) = events.earlyShown { shownEarly = movie }
    var reply = render(result, of: command, terminal: terminal, after: shownEarly)
    if finder != nil, case .success(.found(let found)) = result.outcome {
      reply.output = textRenderer(terminal).findSummary(found)
    }
    if !json, case .success(.thumbnailSaved(let saved, _)) = result.outcome {
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
        reply.output += note + "\n"
      }
    }
    // The terminal echoed ^C where the cursor was; the message starts on a line of its own,
    // unless the spinner or the progress bar already wiped that line.
    if reply.wasCancelled && !json && !lineErased { Terminal.write("\n", to: STDOUT_FILENO) }
    if !printsOutput && reply.error == nil {
      // The first page of a -c run: loaded, not printed (a failure still is, for --json).
    } else if interrupts != nil, let pager, isPaged(command),
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
}

extension Shell {
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

/// Standard input, one line at a time, read as the commands run.
struct StandardInputLines: Sequence, IteratorProtocol {
  mutating func next() -> String? {
    // A blocking read: it belongs on the main thread, not on the concurrency pool.
    dispatchPrecondition(condition: .onQueue(.main))
    return Swift.readLine(strippingNewline: true)
  }
}
