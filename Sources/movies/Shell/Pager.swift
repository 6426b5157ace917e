import Foundation
import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// Shows long output through `$PAGER` (default `less -RFX`), as psql does, when it is taller
/// than the terminal. `-X` keeps less off the alternate screen, so the table is still there
/// to read row numbers from after quitting it; `-F` quits at once when it fits; `-R` shows
/// colour rather than raw escape codes. With `LESS` unset the pager gets `LESS=FRX`, as git
/// gives it, so `PAGER=less` and a config file's `pager = less -S` work the same way.
///
/// On the main actor, like every write to the terminal: the text goes into the pager's pipe
/// from the main thread (the shell waits for the pager anyway, as it waits in `el_gets`),
/// never from the concurrency pool, where a pager that reads slowly would hold a pool thread.
@MainActor
struct Pager {
  /// What showing the text through the pager gave.
  enum Outcome: Equatable {
    case shown
    /// The pager could not start: the shell's status (126 not executable, 127 not found), or
    /// nil when not even the shell started. The caller prints the text itself.
    case couldNotStart(status: Int32?)
  }

  /// The pager's command line, run by `/bin/sh -c` so `PAGER='less -S'` works.
  let command: String
  /// The pager's environment: this program's, with `LESS=FRX` when `LESS` is unset.
  let environment: [String: String]

  /// - Parameter command: the config file's pager, which wins over `$PAGER`.
  init(environment: [String: String], command configured: String? = nil) {
    let pager = (configured ?? environment["PAGER"])?.trimmingCharacters(in: .whitespaces) ?? ""
    command = pager.isEmpty ? "less -RFX" : pager
    var childEnvironment = environment
    if childEnvironment["LESS"] == nil { childEnvironment["LESS"] = "FRX" }
    self.environment = childEnvironment
  }

  /// Pipes the reply to the pager and waits for it to quit.
  func show(_ reply: Reply) async -> Outcome {
    guard let (readEnd, writeEnd) = try? ChildProcess.pipe() else {
      return .couldNotStart(status: nil)
    }
    let pid: pid_t
    do {
      pid = try ChildProcess.spawn(
        ["/bin/sh", "-c", command], stdin: readEnd, quiet: false, environment: environment)
    } catch {
      close(readEnd)
      close(writeEnd)
      return .couldNotStart(status: nil)
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
    return status == 126 || status == 127 ? .couldNotStart(status: status) : .shown
  }

  /// The warning for a pager that could not start, said once a session.
  func failure(_ outcome: Outcome) -> String? {
    guard case .couldNotStart(let status) = outcome else { return nil }
    let reason =
      switch status {
      case 126: "it is not executable"
      case 127: "it was not found"
      default: "it could not be run"
      }
    return "The pager '\(TerminalText.escape(command))' could not start (\(reason)), so the "
      + "output is printed instead. Check PAGER or the config file's pager (no quotes needed)."
  }
}
