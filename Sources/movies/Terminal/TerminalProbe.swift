import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// Asks the terminal what it can draw and how big its cells are: one burst of queries on
/// standard output, the answers read from standard input with a time bound. The only place
/// that writes queries to the terminal or changes its input mode.
@MainActor
enum TerminalProbe {
  /// The kitty graphics query (a 1×1 RGB image, only queried), `XTVERSION`, the cell size
  /// (`CSI 16 t`), the window size in pixels (`CSI 14 t`), `XTSMGRAPHICS`' sixel geometry,
  /// then primary device attributes last: every terminal answers that one, and answers come
  /// in order, so its answer means the others are in.
  static let queries = [
    "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\", "\u{1B}[>q", "\u{1B}[16t", "\u{1B}[14t",
    "\u{1B}[?2;1;0S", "\u{1B}[c",
  ]

  /// How long a terminal that does not answer is waited for.
  static let timeout: Duration = .milliseconds(150)

  /// Sends the queries and reads the answers until the device attributes arrive or
  /// `timeout` passes; nil (and nothing sent) unless standard input and output are both
  /// terminals. Keys typed meanwhile come back in ``TerminalAnswers/typed``.
  ///
  /// With `passthrough` (inside tmux, its passthrough on) each query is wrapped, so the
  /// terminal outside tmux answers, not tmux.
  static func ask(passthrough: Bool = false, timeout: Duration = timeout) -> TerminalAnswers? {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
    var saved = termios()
    guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
    var raw = saved
    // No echo, no line buffering: the answers are read as they come and never shown.
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON)
    guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return nil }
    // TCSANOW, not TCSAFLUSH: flushing would throw away what the person typed.
    defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }

    let burst = queries.map { passthrough ? TmuxFacts.passedThrough($0) : $0 }.joined()
    Terminal.write(burst, to: STDOUT_FILENO)
    let deadline = ContinuousClock.now + timeout
    var bytes: [UInt8] = []
    var answers = TerminalAnswers(parsing: [])
    // Bounded in bytes too: a terminal that floods the input is not read for long.
    while answers.attributes == nil, bytes.count < 16_384 {
      let left = deadline - ContinuousClock.now
      guard left > .zero else { break }
      var ready = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      let milliseconds = Int32((left / .milliseconds(1)).rounded(.up))
      let polled = poll(&ready, 1, milliseconds)
      if polled < 0, errno == EINTR { continue }
      guard polled > 0 else { break }
      var buffer = [UInt8](repeating: 0, count: 512)
      let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      bytes += buffer[..<count]
      answers = TerminalAnswers(parsing: bytes)
    }
    return answers
  }
}
