import Foundation
import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// Facts about the terminal, all in one place: whether the standard streams are terminals,
/// how wide the screen is, and whether to use colour.
enum Terminal {
  static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
  static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
  static var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

  /// The width in columns: `COLUMNS` when set, then the terminal's size, else 80.
  static func width(environment: [String: String]) -> Int {
    size(environment: environment).columns
  }

  /// The size in columns and lines: `COLUMNS` and `LINES` when set, then the terminal's
  /// size (one ioctl for both), else 80 by 24.
  static func size(environment: [String: String]) -> (columns: Int, lines: Int) {
    size(given: sizeVariables(environment: environment))
  }

  /// `COLUMNS` and `LINES`, each where set to a positive number.
  static func sizeVariables(environment: [String: String]) -> (columns: Int?, lines: Int?) {
    func variable(_ name: String) -> Int? {
      environment[name].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
    }
    return (variable("COLUMNS"), variable("LINES"))
  }

  /// The size `given` says, the terminal's (one ioctl) for what it leaves out, else 80 by
  /// 24. `measuring` false skips the ioctl where standard output is known to be no terminal.
  static func size(given: (columns: Int?, lines: Int?), measuring: Bool = true)
    -> (columns: Int, lines: Int)
  {
    var size = winsize()
    let measured =
      measuring && (given.columns == nil || given.lines == nil)
      && ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0
    let columns = measured && size.ws_col > 0 ? Int(size.ws_col) : 80
    let lines = measured && size.ws_row > 0 ? Int(size.ws_row) : 24
    return (given.columns ?? columns, given.lines ?? lines)
  }

  /// The columns of the terminal at `descriptor` (where the prompt is drawn), else 80.
  static func columns(of descriptor: Int32) -> Int {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  }

  /// The window's size in cells and, where the terminal fills them in, pixels
  /// (`TIOCGWINSZ`); nil when standard output is not a terminal.
  static func windowSize() -> (columns: Int, rows: Int, pixels: PixelSize?)? {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return nil }
    let pixels =
      size.ws_xpixel > 0 && size.ws_ypixel > 0
      ? PixelSize(width: Int(size.ws_xpixel), height: Int(size.ws_ypixel)) : nil
    return (Int(size.ws_col), Int(size.ws_row), pixels)
  }

  /// `always` and `never` are obeyed; `auto` is colour only on a terminal, and never with a
  /// non-empty `NO_COLOR` or `TERM=dumb`.
  static func usesColor(onTerminal isTerminal: Bool, mode: ColorMode, environment: [String: String])
    -> Bool
  {
    switch mode {
    case .always: return true
    case .never: return false
    case .auto:
      guard isTerminal else { return false }
      if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
      return environment["TERM"] != "dumb"
    }
  }

  /// True when the locale's character set is UTF-8 (`LC_ALL`, else `LC_CTYPE`, else `LANG`),
  /// so a `★` shows as a star; otherwise marks are plain ASCII.
  static func usesUnicode(environment: [String: String]) -> Bool {
    let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }
      .first { !$0.isEmpty }
    guard let locale = locale?.lowercased() else { return false }
    return locale.contains("utf-8") || locale.contains("utf8")
  }

  /// The path of the first executable `name` in a folder of `PATH` (else `/usr/bin:/bin`),
  /// as the environment gives it; nil when there is none.
  static func findProgram(_ name: String, environment: [String: String]) -> String? {
    let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    for folder in folders where !folder.isEmpty {
      let path = "\(folder)/\(name)"
      if access(path, X_OK) == 0 { return path }
    }
    return nil
  }

  /// Writes all of the text to a file descriptor, unbuffered, so output and errors appear in
  /// the order they were written. Main actor only: the main actor owns the terminal, and the
  /// compiler holds every writer to that (an actor or a pool task sends events instead).
  ///
  /// Output that cannot be written ends the program as coreutils do: a closed pipe (`| head`)
  /// quietly, by SIGPIPE, even when SIGPIPE was ignored; anything else (a full disk) with
  /// `movies: write error: …` and status 1, so a script never takes lost output for success.
  /// A failed write to standard error is ignored: there is nowhere left to say so.
  /// Returns false when the descriptor took no more (a pager that quit); a failure on
  /// standard output ends the program instead.
  @MainActor @discardableResult
  static func write(_ text: String, to descriptor: Int32) -> Bool {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        // A non-blocking descriptor inherited from the parent: wait until it takes more.
        if errno == EAGAIN || errno == EWOULDBLOCK {
          var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
          if poll(&ready, 1, -1) >= 0 || errno == EINTR { continue }
        }
        if descriptor == STDOUT_FILENO { outputFailed(errno: errno) }
        return false
      }
      bytes = bytes.dropFirst(written)
    }
    return true
  }

  /// Writes a reply's text, then its rows a slice at a time as they are rendered; stops at
  /// the first write the descriptor does not take.
  @MainActor @discardableResult
  static func write(_ reply: Reply, to descriptor: Int32) -> Bool {
    guard let rows = reply.rows else { return write(reply.output, to: descriptor) }
    // The text goes out with the first slice, in one write, as it did before it streamed.
    var unwritten = reply.output
    var written = true
    rows.forEachSlice {
      written = write(unwritten.isEmpty ? $0 : unwritten + $0, to: descriptor)
      unwritten = ""
      return written
    }
    return written
  }

  @MainActor private static func outputFailed(errno code: Int32) -> Never {
    if code == EPIPE {
      signal(SIGPIPE, SIG_DFL)
      var pipe = sigset_t()
      sigemptyset(&pipe)
      sigaddset(&pipe, SIGPIPE)
      pthread_sigmask(SIG_UNBLOCK, &pipe, nil)
      raise(SIGPIPE)
    }
    write("movies: write error: \(String(cString: strerror(code)))\n", to: STDERR_FILENO)
    exit(1)
  }

  /// The terminal's input settings, to put back after ``stopEcho()``.
  struct InputMode: Sendable {
    fileprivate var settings: termios
  }

  /// Stops the terminal echoing what is typed on standard input (it is still read later);
  /// nil when standard input is not a terminal. Give the result to ``restore(_:)``.
  static func stopEcho() -> InputMode? {
    var settings = termios()
    guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return nil }
    var quiet = settings
    quiet.c_lflag &= ~tcflag_t(ECHO)
    guard tcsetattr(STDIN_FILENO, TCSANOW, &quiet) == 0 else { return nil }
    return InputMode(settings: settings)
  }

  /// Puts back the input settings ``stopEcho()`` changed.
  static func restore(_ mode: InputMode) {
    var settings = mode.settings
    // Nothing to do when it fails: the terminal has gone.
    _ = tcsetattr(STDIN_FILENO, TCSANOW, &settings)
  }

  /// The running program's own file, with symlinks resolved.
  static var executableURL: URL {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
  }
}
