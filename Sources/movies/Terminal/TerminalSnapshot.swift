/// What one command needs to know about the terminal, read once when it starts: its size
/// (one ioctl), which streams are terminals, and what they can show. Passed down instead of
/// each part asking again, so a command's table, progress bar and pager agree.
struct TerminalSnapshot {
  var columns: Int
  var lines: Int
  var outputIsTerminal: Bool
  var errorIsTerminal: Bool
  /// `TERM=dumb`: no colour, and no line can be erased (no spinner, no progress line).
  var isDumb: Bool
  /// The locale shows Unicode (`★`), else ASCII (`*`).
  var unicode: Bool

  init(environment: [String: String]) {
    (columns, lines) = Terminal.size(environment: environment)
    outputIsTerminal = Terminal.outputIsTerminal
    errorIsTerminal = Terminal.errorIsTerminal
    isDumb = environment["TERM"] == "dumb"
    unicode = Terminal.usesUnicode(environment: environment)
  }

  /// Standard error can show a line that is redrawn and erased: the spinner, progress.
  var showsLiveLines: Bool { errorIsTerminal && !isDumb }
}
