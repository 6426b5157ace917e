import Foundation

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
  /// Read for each table, so a resized window is picked up.
  static func width(environment: [String: String]) -> Int {
    if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return Int(size.ws_col)
    }
    return 80
  }

  /// Colour only on a terminal, never with `--no-color`, a non-empty `NO_COLOR` or
  /// `TERM=dumb`.
  static func usesColor(onTerminal isTerminal: Bool, disabled: Bool, environment: [String: String])
    -> Bool
  {
    guard isTerminal, !disabled else { return false }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
    return environment["TERM"] != "dumb"
  }

  /// Writes all of the text to a file descriptor, unbuffered, so output and errors appear in
  /// the order they were written.
  static func write(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      bytes = bytes.dropFirst(written)
    }
  }

  /// The running program's own file, with symlinks resolved.
  static var executableURL: URL {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
  }
}
