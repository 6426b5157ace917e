import Foundation
import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// Shows long output through `$PAGER` (default `less -RFX`), as psql does, when it is taller
/// than the terminal. `-X` keeps less off the alternate screen, so the table is still there
/// to read row numbers from after quitting it; `-F` quits at once when it fits.
///
/// On the main actor, like every write to the terminal: the text goes into the pager's pipe
/// from the main thread (the shell waits for the pager anyway, as it waits in `el_gets`),
/// never from the concurrency pool, where a pager that reads slowly would hold a pool thread.
@MainActor
struct Pager {
  /// The pager's command line, run by `/bin/sh -c` so `PAGER='less -S'` works.
  let command: String

  /// - Parameter command: the config file's pager, which wins over `$PAGER`.
  init(environment: [String: String], command configured: String? = nil) {
    let pager = (configured ?? environment["PAGER"])?.trimmingCharacters(in: .whitespaces) ?? ""
    command = pager.isEmpty ? "less -RFX" : pager
  }

  /// Pipes the text to the pager and waits for it to quit; false when it could not start
  /// (the shell's 126 or 127: not executable, not found), so the caller prints the text
  /// itself.
  func show(_ reply: Reply) async -> Bool {
    guard let (readEnd, writeEnd) = try? ChildProcess.pipe() else { return false }
    let pid: pid_t
    do {
      pid = try ChildProcess.spawn(["/bin/sh", "-c", command], stdin: readEnd, quiet: false)
    } catch {
      close(readEnd)
      close(writeEnd)
      return false
    }
    close(readEnd)
    // A pager that quits early closes the pipe; SIGPIPE must not end the browser with it.
    let previous = signal(SIGPIPE, SIG_IGN)
    // Rows are rendered as the pager reads them: it shows the first screen at once, and a
    // pager that quits early stops the rendering.
    Terminal.write(reply, to: writeEnd)
    close(writeEnd)
    let status = await ChildProcess.exitStatus(of: pid)
    signal(SIGPIPE, previous)
    return status != 126 && status != 127
  }
}
