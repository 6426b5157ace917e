import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Shows long output through `$PAGER` (default `less -RFX`), as psql does, when it is taller
/// than the terminal. `-X` keeps less off the alternate screen, so the table is still there
/// to read row numbers from after quitting it; `-F` quits at once when it fits.
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
  func show(_ text: String) async -> Bool {
    var descriptors: [Int32] = [0, 0]
    // Close-on-exec, so the pager does not inherit the write end and wait forever for an end
    // of input that only it could give.
    guard pipe(&descriptors) == 0 else { return false }
    let (readEnd, writeEnd) = (descriptors[0], descriptors[1])
    _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
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
    Terminal.write(text, to: writeEnd)
    close(writeEnd)
    let status = await ChildProcess.exitStatus(of: pid)
    signal(SIGPIPE, previous)
    return status != 126 && status != 127
  }
}
