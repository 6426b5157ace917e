/// Breaks prose at spaces so each line fits the terminal, instead of the terminal cutting a
/// word in two at its edge. Widths count terminal columns, so Korean text wraps right.
public enum TextWrap {
  /// Each line of `text` broken at spaces into lines of at most `width` columns; lines after
  /// the first of each get `indent`. A word longer than a line is left whole (the terminal
  /// folds it); text without escape sequences only.
  public static func wrap(_ text: String, toColumns width: Int, indent: String = "") -> String {
    guard width > 0 else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { wrapLine(String($0), width: width, indent: indent) }
      .joined(separator: "\n")
  }

  private static func wrapLine(_ line: String, width: Int, indent: String) -> String {
    guard DisplayWidth.columns(of: line) > width else { return line }
    // Leading spaces (an indented help line) stay with the first word.
    let lead = String(line.prefix { $0 == " " })
    let words = line.dropFirst(lead.count).split(separator: " ", omittingEmptySubsequences: true)
    var lines: [String] = []
    var current = lead
    var currentWidth = DisplayWidth.columns(of: lead)
    var startsLine = true
    for word in words {
      let wordWidth = DisplayWidth.columns(of: word)
      if !startsLine && currentWidth + 1 + wordWidth > width {
        lines.append(current)
        current = indent
        currentWidth = DisplayWidth.columns(of: indent)
        startsLine = true
      }
      if !startsLine {
        current += " "
        currentWidth += 1
      }
      current += word
      currentWidth += wordWidth
      startsLine = false
    }
    lines.append(current)
    return lines.joined(separator: "\n")
  }
}
