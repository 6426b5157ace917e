import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// The one way failures and warnings reach the user: escaped, coloured, wrapped to a terminal,
/// written to standard error (a bad line as JSON on standard output with `--json`); and the
/// one way the process ends before a command ran, with the status the error's code says.
@MainActor
struct Reporter {
  /// Errors in this program's words: a remedy becomes advice naming the flag that changes it.
  /// Both renderers use it, so text mode and `--json` say the same sentence.
  nonisolated static let describer = ErrorDescriber(advice: advice(for:))

  nonisolated static func advice(for remedy: Remedy) -> String {
    switch remedy {
    case .sourceAddress(let expected): "Check that --api points at \(expected)."
    case .timeout: "A larger --timeout gives a slow server more time."
    case .downloadFolder: "Check the folder or pick another with --download-dir."
    case .cacheFolder: "Check the folder or pick another with --cache-dir."
    case .onlineSource: "Or browse a server with --api URL."
    }
  }

  /// `--json`: a line that is not a command is reported as a JSON object on standard output.
  let json: Bool
  let palette: Palette
  /// The columns to wrap at when standard error is a terminal; nil keeps each message on one
  /// line, for logs.
  let wrapWidth: Int?
  /// False where the locale is not UTF-8: the program's own marks (`…`, `·`) go as ASCII.
  let unicode: Bool

  /// Plain and unwrapped: before the flags that say how to report are read.
  init(json: Bool = false, palette: Palette = .plain, wrapWidth: Int? = nil, unicode: Bool = true) {
    self.json = json
    self.palette = palette
    self.wrapWidth = wrapWidth
    self.unicode = unicode
  }

  init(json: Bool, color: ColorMode, environment: [String: String]) {
    self.init(
      json: json, color: color, environment: environment,
      terminal: TerminalSnapshot(environment: environment))
  }

  /// A command's reporter, for the terminal its presenter read.
  init(
    json: Bool, color: ColorMode, environment: [String: String], terminal: TerminalSnapshot
  ) {
    let isTerminal = terminal.errorIsTerminal
    self.init(
      json: json,
      palette: Terminal.usesColor(onTerminal: isTerminal, mode: color, environment: environment)
        ? .ansi : .plain,
      wrapWidth: isTerminal ? terminal.columns : nil, unicode: terminal.unicode)
  }

  /// A command failed: `error: ` and the sentence.
  func error(_ message: String) {
    write(message, after: "error: ", style: palette.error)
  }

  func warning(_ message: String) {
    write(message, after: "warning: ", style: palette.warning)
  }

  /// A line that is not a command.
  func error(_ error: Command.ParseError, line: String) {
    if json {
      Terminal.write(
        JSONRenderer.render(parseError: error, line: line, describer: Self.describer),
        to: STDOUT_FILENO)
    } else {
      self.error(Self.describer.message(for: error))
    }
  }

  /// Ends the process before any command ran: `movies: ` and the sentence on standard error,
  /// a pointer to `--help` for a wrong command line, and the status of the error's code.
  func exit(_ error: StartupError) -> Never {
    let status = error.code.exitStatus
    write(
      Self.describer.message(for: error), after: "movies: ", style: palette.error,
      then: status == 2 ? "See 'movies --help'." : nil)
    Glibc.exit(status)
  }

  /// The message escaped (it may quote the server or the command line) and wrapped, and
  /// `note`, the program's own words, on a line of its own.
  private func write(
    _ message: String, after prefix: String, style: String, then note: String? = nil
  ) {
    var text = TerminalText.escape(message)
    if !unicode { text = TerminalText.asciiMarks(in: text) }
    if let wrapWidth {
      text = String(TextWrap.wrap(prefix + text, toColumns: wrapWidth).dropFirst(prefix.count))
    }
    let lines = [palette.apply(style, to: prefix) + text] + (note.map { [$0] } ?? [])
    Terminal.write(lines.joined(separator: "\n") + "\n", to: STDERR_FILENO)
  }
}

extension ErrorCode {
  /// The exit status when this error stops the program before any command ran: 2 when the
  /// command line is wrong (a bad flag, a `--genre` the source does not have), else 1. A
  /// failed command makes a script exit 1 whatever its code.
  var exitStatus: Int32 {
    switch self {
    case .usage, .unknownGenre, .noGenreList: 2
    default: 1
    }
  }
}
