import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// One command, run and printed by its ``CommandPresenter``.
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
    let presenter = await CommandPresenter(command, on: self, interrupts: interrupts)
    let (result, lineErased) = await presenter.run(list: list, confirmed: confirmed)
    var (reply, findIsPaged) = await presenter.reply(to: result)
    // The terminal echoed ^C where the cursor was; the message starts on a line of its own,
    // unless the spinner or the progress bar already wiped that line.
    if reply.wasCancelled && !json && !lineErased { Terminal.write("\n", to: STDOUT_FILENO) }
    // The first page of a -c run is loaded, not printed (a failure still is, for --json).
    if printsOutput || reply.error != nil {
      await presenter.print(&reply, paged: findIsPaged)
    }
    presenter.report(reply, error: reportsError)
    return reply
  }
}
