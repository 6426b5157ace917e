import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// Reads commands and prints what they produce: from the libedit prompt when a person is
/// typing, or from `-c` and standard input in script mode, where there is no prompt, output is
/// plain and the exit status says whether every command succeeded.
struct Shell {
  let runner: CommandRunner
  let environment: [String: String]
  let noColor: Bool
  /// Draws the poster under `thumb N`; nil for no preview.
  var preview: PosterPreview? = nil

  /// The prompt loop. Returns the exit status.
  func runInteractive(editor: LineEditor, interrupts: Interrupts, banner: String) async -> Int32 {
    Terminal.write(banner + "\n", to: STDOUT_FILENO)
    await perform(.more, interrupts: interrupts)
    while true {
      let moreRemains = await !runner.browser.list.isComplete
      editor.completionWords = Command.completions(forPrefix: "", moreRemains: moreRemains)
      switch editor.readLine() {
      case .end:
        Terminal.write("\n", to: STDOUT_FILENO)
        return 0
      case .interrupted:
        continue
      case .line(let line):
        do {
          guard let command = try Command.parse(line) else { continue }
          if await perform(command, interrupts: interrupts).quits { return 0 }
        } catch {
          report(error: error.message)
        }
      }
    }
  }

  /// Script mode: runs each line in order; 0 when all succeeded, else 1.
  func runScript(lines: some Sequence<String>) async -> Int32 {
    var succeeded = await perform(.more).error == nil
    for line in lines {
      do {
        guard let command = try Command.parse(line) else { continue }
        let reply = await perform(command)
        succeeded = succeeded && reply.error == nil
        if reply.quits { break }
      } catch {
        report(error: error.message)
        succeeded = false
      }
    }
    return succeeded ? 0 : 1
  }

  /// Runs one command (cancellable with Ctrl-C when `interrupts` is given) and prints its reply.
  @discardableResult
  private func perform(_ command: Command, interrupts: Interrupts? = nil) async -> Reply {
    let layout = TextRenderer.Layout(
      width: Terminal.width(environment: environment),
      palette: usesColor(Terminal.outputIsTerminal) ? .ansi : .plain)
    let progress = ProgressBar(isEnabled: Terminal.errorIsTerminal, terminalWidth: layout.width)
    let result: CommandResult
    if let interrupts {
      result = await interrupts.cancellable { [runner] in
        await runner.execute(command, progress: progress.update)
      }
    } else {
      result = await runner.execute(command, progress: progress.update)
    }
    progress.finish()
    var reply = TextRenderer(layout: layout).render(result)
    if let preview, case .success(.thumbnailSaved(let saved, _)) = result.outcome {
      do {
        reply.output += try preview.render(saved, maximumColumns: layout.width) ?? ""
      } catch {
        reply.warnings.append(error.userMessage)
      }
    }
    // The terminal echoed ^C where the cursor was; the message starts on a line of its own.
    if reply.wasCancelled { Terminal.write("\n", to: STDOUT_FILENO) }
    Terminal.write(reply.output, to: STDOUT_FILENO)
    let palette = errorPalette
    for warning in reply.warnings {
      Terminal.write(
        palette.apply(palette.warning, to: "warning: ") + TerminalText.escape(warning) + "\n",
        to: STDERR_FILENO)
    }
    if let error = reply.error { report(error: error) }
    return reply
  }

  private func report(error message: String) {
    let palette = errorPalette
    Terminal.write(
      palette.apply(palette.error, to: "error: ") + TerminalText.escape(message) + "\n",
      to: STDERR_FILENO)
  }

  private var errorPalette: Palette { usesColor(Terminal.errorIsTerminal) ? .ansi : .plain }

  private func usesColor(_ isTerminal: Bool) -> Bool {
    Terminal.usesColor(onTerminal: isTerminal, disabled: noColor, environment: environment)
  }
}

/// Standard input, one line at a time, read as the commands run.
struct StandardInputLines: Sequence, IteratorProtocol {
  mutating func next() -> String? { Swift.readLine(strippingNewline: true) }
}
