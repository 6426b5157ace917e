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

  /// What stays as it is while the program runs, worked out once: the environment is read
  /// at start, and the standard streams stay the descriptors they were. Only the window's
  /// size can change (a resize), so each command asks for that alone.
  struct Settled {
    var outputIsTerminal: Bool
    var errorIsTerminal: Bool
    var isDumb: Bool
    var unicode: Bool
    /// `COLUMNS` and `LINES`, where they give a size.
    var sizeVariables: (columns: Int?, lines: Int?)

    init(environment: [String: String]) {
      outputIsTerminal = Terminal.outputIsTerminal
      errorIsTerminal = Terminal.errorIsTerminal
      isDumb = environment["TERM"] == "dumb"
      unicode = Terminal.usesUnicode(environment: environment)
      sizeVariables = Terminal.sizeVariables(environment: environment)
    }
  }

  init(environment: [String: String]) {
    self.init(Settled(environment: environment))
  }

  /// The terminal now: the settled facts, and the window's size asked again (where standard
  /// output is a terminal: a pipe or a file has none to ask).
  init(_ settled: Settled) {
    (columns, lines) = Terminal.size(
      given: settled.sizeVariables, measuring: settled.outputIsTerminal)
    outputIsTerminal = settled.outputIsTerminal
    errorIsTerminal = settled.errorIsTerminal
    isDumb = settled.isDumb
    unicode = settled.unicode
  }

  /// Standard error can show a line that is redrawn and erased: the spinner, progress.
  var showsLiveLines: Bool { errorIsTerminal && !isDumb }
}
