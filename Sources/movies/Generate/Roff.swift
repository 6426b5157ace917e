/// Text made safe for roff, the man page's language.
enum Roff {
  /// Plain text as roff prints it: `\` as `\e`, `-` as `\-` (so it is not a hyphen that
  /// breaks), other than ASCII as `\[uXXXX]`, and a line that would start with `.` or `'`
  /// (a request) guarded by `\&`.
  static func escape(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\e"
      case "-": escaped += "\\-"
      case _ where scalar.isASCII: escaped.unicodeScalars.append(scalar)
      default: escaped += "\\[u" + hex(scalar.value) + "]"
      }
    }
    return escaped.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.first == "." || line.first == "'" ? "\\&" + line : String(line)
    }.joined(separator: "\n")
  }

  /// `text` in bold.
  static func bold(_ text: String) -> String { "\\fB" + escape(text) + "\\fR" }

  /// `text` in italics.
  static func italic(_ text: String) -> String { "\\fI" + escape(text) + "\\fR" }

  /// A table's clause as a sentence, with its full stop (its first word may be a value,
  /// such as `offline`, so its case stays).
  static func sentence(_ clause: String) -> String {
    escape(clause.hasSuffix(".") ? clause : clause + ".")
  }

  /// A term and its description, as `.TP` lays them out.
  static func entry(_ term: String, _ description: String) -> String {
    ".TP\n" + term + "\n" + description + "\n"
  }

  /// Four upper-case hex digits at least, as `\[u2605]` wants.
  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
