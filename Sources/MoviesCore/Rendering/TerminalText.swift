/// Makes untrusted text safe to print on a terminal.
///
/// Server text (titles, genres, URLs) and anything typed is escaped before it is printed:
/// C0 controls (including ESC, BEL, CR, LF and TAB), DEL, C1 controls and bidirectional
/// overrides become visible escapes (`^[`, `^?`, `\u{9B}`, `\u{202E}`), as git and kubectl do,
/// so the text stays readable but cannot move the cursor, clear the screen or set the window
/// title. The program's own colours are added after this.
public enum TerminalText {
  /// The program's own Unicode marks and their ASCII stand-ins, for a terminal whose locale
  /// is not UTF-8 (`LANG=C`), where they would show as mojibake.
  static let asciiMarks: [(Character, String)] = [
    ("…", "..."), ("·", "-"), ("★", "*"), ("–", "-"), ("—", "-"), ("✓", "x"), ("▶", ">"),
  ]

  /// `text` with the program's Unicode marks as ASCII (``asciiMarks``); titles are the
  /// server's and stay as they are.
  public static func asciiMarks(in text: String) -> String {
    guard text.utf8.contains(where: { $0 >= 0x80 }) else { return text }
    // A scalar at a time: walking a page's characters cost a C locale more than all the rest
    // of the page did (issue 41). A character is a mark only when it is that one scalar, so
    // a mark's scalar is replaced where it makes a whole character.
    let scalars = text.unicodeScalars
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var copied = scalars.startIndex
    var index = scalars.startIndex
    while index < scalars.endIndex {
      let next = scalars.index(after: index)
      if !scalars[index].isASCII, let mark = asciiMark(scalars[index]),
        index.samePosition(in: text) != nil,
        next == scalars.endIndex || next.samePosition(in: text) != nil
      {
        result += Substring(scalars[copied..<index])
        result += mark
        copied = next
      }
      index = next
    }
    result += Substring(scalars[copied...])
    return result
  }

  /// The ASCII stand-in of a mark's scalar.
  private static func asciiMark(_ scalar: Unicode.Scalar) -> String? {
    // U+0387, the Greek ano teleia, is canonically the middle dot: as a character it is `·`.
    let scalar = scalar == "\u{387}" ? "·" : scalar
    return asciiMarks.first { $0.0.unicodeScalars.first == scalar }?.1
  }

  /// The text with control characters, C1 codes and bidirectional overrides written visibly
  /// (`^[`, `\u{9B}`), so it cannot move the cursor.
  public static func escape(_ text: String) -> String {
    // Printable ASCII, most server text, needs no scalar-by-scalar look.
    if text.isPrintableASCII { return text }
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      guard needsEscape(scalar) else {
        result.unicodeScalars.append(scalar)
        continue
      }
      switch scalar.value {
      case 0x00...0x1F:
        result += "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40)))
      case 0x7F:
        result += "^?"
      default:
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
    return result
  }

  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    // Bidirectional embeddings, overrides and isolates can make text read differently from
    // what it is (CVE-2021-42574).
    case 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
