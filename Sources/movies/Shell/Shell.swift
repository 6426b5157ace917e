import MoviesCore

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
  /// What the terminal is, beyond its size: worked out once, not for every command.
  let terminal: TerminalSnapshot.Settled
  let color: ColorMode
  /// `--json`: every result is one JSON object on standard output, errors included.
  let json: Bool
  /// Where the shell's own messages go; each command's presenter has its own.
  let reporter: Reporter
  /// Draws the poster under `thumb N`; nil for no preview.
  let preview: PosterPreview?
  /// `pick`'s fzf; nil where there is no terminal to show it on.
  let picker: Picker?
  /// Long `list` output and pages go through it at the prompt; nil with `--no-pager`.
  let pager: Pager?
  /// Where the prompt's lines are kept across runs; nil when history is off.
  let history: HistoryFile?
  /// `--resume`: start with `resume` instead of the first page.
  let resumes: Bool
  /// True when a person types at the prompt (see ``ShellConfiguration/atPrompt``).
  let atPrompt: Bool
  /// `--stop-on-error`: script mode ends at the first command that fails.
  let stopsOnError: Bool
  /// Said once, under the first poster that is not drawn: why posters are off.
  let previewNote: String?
  /// What was said once already this session.
  let notes = Notes()

  /// Whether the preview note and the pager's failure were said. The shell and its
  /// presenters run on the main actor, so plain flags do.
  @MainActor final class Notes {
    var previewNoteSaid = false
    var pagerFailureSaid = false
  }

  /// The shell `configuration` describes, whole.
  init(_ configuration: ShellConfiguration) {
    runner = configuration.runner
    query = configuration.query
    genreName = configuration.genreName
    environment = configuration.environment
    terminal = TerminalSnapshot.Settled(environment: environment)
    color = configuration.color
    json = configuration.json
    reporter = configuration.reporter
    preview = configuration.preview
    picker = configuration.picker
    pager = configuration.pager
    history = configuration.history
    resumes = configuration.resumes
    atPrompt = configuration.atPrompt
    stopsOnError = configuration.stopsOnError
    previewNote = configuration.previewNote
  }

  /// The prompt loop, after `banner` (nil when startup printed it). Returns the exit status.
  func runInteractive(editor: LineEditor, interrupts: Interrupts, banner: String?) async -> Int32 {
    if !json, let banner { Terminal.write(banner + "\n", to: STDOUT_FILENO) }
    // What the prompt, completion and the spinner need comes back with each reply; the
    // shell never asks the browser, so a `more` is one trip there.
    var list = ListStatus(query: query, genreName: genreName)
    let first = await start(interrupts: interrupts, list: list).reply
    list = first.list ?? list
    // Where the run started: leaving from here saves nothing, so the session saved before
    // (a deeper one, say) is still the one `resume` reopens.
    let started = list
    var view = first.view ?? .rows([])
    let genres = LoadedGenres()
    // Detached: a task started here would belong to the main actor, whose thread waits in
    // el_gets, and could not finish until a line was typed. Cancelled when the loop ends.
    let genreLoad = Task.detached { [runner] in
      let list = (try? await runner.genreSource?.genres()) ?? []
      genres.set(list)
    }
    defer { genreLoad.cancel() }
    editor.genreNames = { genres.all.map(\.name) }
    while true {
      // The list knows its genre's name when a command gave it; else the genres loaded for
      // completion may.
      let genreName = genres.all.first { $0.id == list.query.genreID }?.name
      let prompt = StatusLine.prompt(list, genreName: genreName)
      editor.prompt = terminal.unicode ? prompt : TerminalText.asciiMarks(in: prompt)
      editor.completions = CompletionTable(
        moreRemains: list.moreRemains, view: view,
        orders: runner.orderWords)
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
}
