/// Breaks prose at spaces so each line fits the terminal, instead of the terminal cutting a
/// word in two at its edge. Widths count terminal columns, so Korean text wraps right.
public enum TextWrap {
  /// Each line of `text` broken at spaces into lines of at most `width` columns; lines after
  /// the first of each get `indent`. A word longer than a line is cut at the edge; text
  /// without escape sequences only.
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
    let indentWidth = DisplayWidth.columns(of: indent)
    for whole in words {
      var word = whole[...]
      var wordWidth = DisplayWidth.columns(of: word)
      if !startsLine && currentWidth + 1 + wordWidth > width {
        lines.append(current)
        current = indent
        currentWidth = indentWidth
        startsLine = true
      }
      // A word wider than the line (a link) has no space to break at: it is cut at the edge,
      // each piece on a line of its own, so no line is wider than the terminal.
      while wordWidth > width - currentWidth {
        let room = max(1, width - currentWidth)
        var end = word.startIndex
        var pieceWidth = 0
        while end < word.endIndex, pieceWidth + DisplayWidth.columns(of: word[end]) <= room {
          pieceWidth += DisplayWidth.columns(of: word[end])
          end = word.index(after: end)
        }
        if end == word.startIndex { end = word.index(after: end) }
        lines.append(current + word[..<end])
        current = indent
        currentWidth = indentWidth
        word = word[end...]
        wordWidth = DisplayWidth.columns(of: word)
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

  /// `items` two spaces apart, as many a line as fit in `width` columns, none broken (one
  /// wider than a line stands alone): Tab's list of candidates, some with spaces in them.
  public static func pack(_ items: [String], toColumns width: Int) -> String {
    var lines: [String] = []
    var current = ""
    var currentWidth = 0
    for item in items {
      let itemWidth = DisplayWidth.columns(of: item)
      if !current.isEmpty && currentWidth + 2 + itemWidth > width {
        lines.append(current)
        current = ""
        currentWidth = 0
      }
      if !current.isEmpty {
        current += "  "
        currentWidth += 2
      }
      current += item
      currentWidth += itemWidth
    }
    lines.append(current)
    return lines.joined(separator: "\n")
  }
}
