#if canImport(Glibc)
  import Glibc
#endif

/// One line read from standard input before anything else runs: a user name, or a password
/// the terminal must not echo.
///
/// At a terminal the prompt goes to standard error (standard output stays the program's
/// answer). A hidden line is read with echo, line editing and signals off, byte by byte, so
/// nothing typed is ever shown and Ctrl-C puts the terminal back before the program ends;
/// Backspace and Ctrl-U still edit it. From a pipe or a file, nothing is asked and the line
/// is read as it comes, unbuffered, so the next read starts at the next line.
@MainActor
enum TypedLine {
  /// What was read.
  enum Outcome: Equatable {
    case line(String)
    /// Ctrl-C at a hidden prompt.
    case interrupted
    /// The input ended (Ctrl-D on an empty line) before a line.
    case ended
  }

  /// The longest line kept; the rest of a longer one is read and dropped.
  static let limit = 4_096

  /// Reads one line, asking with `prompt` at a terminal; `hidden` reads it without echo.
  static func read(prompt: String, hidden: Bool) -> Outcome {
    guard Terminal.inputIsTerminal else { return readPlain() }
    _ = Terminal.write(prompt, to: STDERR_FILENO)
    guard hidden else { return readPlain() }
    var saved = termios()
    guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return .ended }
    var quiet = saved
    quiet.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    withUnsafeMutableBytes(of: &quiet.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(STDIN_FILENO, TCSANOW, &quiet) == 0 else { return .ended }
    defer {
      _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved)
      // Enter was not echoed either: the next line starts below the prompt.
      _ = Terminal.write("\n", to: STDERR_FILENO)
    }
    var bytes: [UInt8] = []
    while let byte = readByte() {
      switch byte {
      case 0x0A, 0x0D: return .line(String(decoding: bytes, as: UTF8.self))
      case 0x03: return .interrupted
      case 0x04 where bytes.isEmpty: return .ended
      case 0x7F, 0x08:
        // A whole character, continuation bytes and all.
        while let last = bytes.popLast(), last & 0xC0 == 0x80 {}
      case 0x15: bytes.removeAll()
      default: if bytes.count < limit { bytes.append(byte) }
      }
    }
    return .ended
  }

  /// A line as it comes, without its line break (and a carriage return before it).
  private static func readPlain() -> Outcome {
    var bytes: [UInt8] = []
    var any = false
    while let byte = readByte() {
      any = true
      if byte == 0x0A { break }
      if bytes.count < limit { bytes.append(byte) }
    }
    guard any else { return .ended }
    if bytes.last == 0x0D { bytes.removeLast() }
    return .line(String(decoding: bytes, as: UTF8.self))
  }

  /// One byte of standard input; nil at its end or on an error.
  private static func readByte() -> UInt8? {
    var byte: UInt8 = 0
    while true {
      let count = Glibc.read(STDIN_FILENO, &byte, 1)
      if count == 1 { return byte }
      if count < 0, errno == EINTR { continue }
      return nil
    }
  }
}
