/// How many terminal columns text takes: wide (East Asian) characters take two, combining
/// marks none.
public enum DisplayWidth {
  /// The columns `text` takes on a terminal.
  public static func columns(of text: some StringProtocol) -> Int {
    // Most titles are printable ASCII, one column a byte; Unicode properties are looked up
    // only for the rest, which keeps rendering a page cheap.
    if text.isPrintableASCII { return text.utf8.count }
    if let count = latinScalarCount(text) { return count }
    return text.reduce(0) { $0 + columns(of: $1) }
  }

  /// The scalar count of text that is all printable Latin-1 and Latin Extended letters
  /// (`Amélie`, `Łódź`) and the dashes, quotes and `…` of General Punctuation (a cut cell
  /// ends in `…`), one column each with no grapheme clusters to find; nil for other text.
  /// The soft hyphen, which takes none, is left to the full look-up.
  private static func latinScalarCount(_ text: some StringProtocol) -> Int? {
    var count = 0
    for scalar in text.unicodeScalars {
      guard isOneColumnOnItsOwn(scalar.value) else { return nil }
      count += 1
    }
    return count
  }

  /// Whether a scalar takes one column and never joins a grapheme cluster with its neighbours.
  private static func isOneColumnOnItsOwn(_ value: UInt32) -> Bool {
    switch value {
    case 0x20..<0x7F, 0x2010...0x2027: true
    case 0xAD: false  // the soft hyphen takes none
    case 0xA0..<0x300: true
    default: false
    }
  }

  /// The width of one grapheme cluster: that of its first scalar, or two for emoji shown as
  /// pictures.
  public static func columns(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if scalars.contains(where: { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }) {
      return 2
    }
    return columns(of: first)
  }

  static func columns(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    return isWide(value) ? 2 : 1
  }

  /// The East Asian Wide and Fullwidth blocks (Unicode TR 11), coarsely.
  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F,  // Hangul Jamo initial consonants
      0x231A...0x231B, 0x2329...0x232A,
      0x2E80...0x303E,  // CJK radicals, punctuation
      0x3041...0x33FF,  // Kana, CJK compatibility
      0x3400...0x4DBF,  // CJK extension A
      0x4E00...0x9FFF,  // CJK unified ideographs
      0xA000...0xA4CF,  // Yi
      0xA960...0xA97F,  // Hangul Jamo extended A
      0xAC00...0xD7A3,  // Hangul syllables
      0xF900...0xFAFF,  // CJK compatibility ideographs
      0xFE10...0xFE19, 0xFE30...0xFE6F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6,  // Fullwidth forms
      0x1F300...0x1F64F, 0x1F900...0x1F9FF,
      0x20000...0x3FFFD:
      true
    default:
      false
    }
  }

  /// Cuts text to at most `width` columns, ending in `…` when something was cut.
  public static func truncate(_ text: String, toColumns width: Int) -> String {
    guard width > 0 else { return "" }
    if text.isPrintableASCII {
      return text.utf8.count <= width
        ? text : String(cutPrintableASCII(text, toColumns: width)) + "…"
    }
    if columns(of: text) <= width { return text }
    var result = ""
    var used = 0
    for character in text {
      let next = columns(of: character)
      if used + next > width - 1 { break }
      result.append(character)
      used += next
    }
    while result.last?.isWhitespace == true { result.removeLast() }
    return result + "…"
  }

  /// Pads text with spaces to exactly `width` columns (truncating when longer).
  public static func pad(_ text: String, toColumns width: Int, alignRight: Bool = false) -> String {
    var line = ""
    append(text, paddedTo: width, alignRight: alignRight, to: &line)
    return line
  }

  /// Appends text padded with spaces to exactly `width` columns (truncated when longer) to a
  /// line being built. Printable ASCII that fits, most cells, is measured by one scan.
  public static func append(
    _ text: String, paddedTo width: Int, alignRight: Bool = false, to line: inout String
  ) {
    guard !text.isPrintableASCII else {
      return appendPrintableASCII(text, paddedTo: width, alignRight: alignRight, to: &line)
    }
    var fitted = text
    var used = columns(of: text)
    if used > width {
      fitted = truncate(text, toColumns: width)
      used = columns(of: fitted)
    }
    let padding = max(0, width - used)
    if !alignRight { line += fitted }
    appendSpaces(padding, to: &line)
    if alignRight { line += fitted }
  }

  /// ``append(_:paddedTo:alignRight:to:)`` for text the caller found to be printable ASCII
  /// (``Swift/StringProtocol/isPrintableASCII``): a column a byte, so it is measured and cut
  /// by counting bytes, and a cut part goes into the line without a copy of its own.
  static func appendPrintableASCII(
    _ text: String, paddedTo width: Int, alignRight: Bool = false, to line: inout String
  ) {
    let count = text.utf8.count
    let cut = count > width && width > 0 ? cutPrintableASCII(text, toColumns: width) : nil
    let used = cut.map { $0.utf8.count + 1 } ?? min(count, width)
    func appendCell() {
      if let cut {
        line += cut
        line += "…"
      } else if count <= width {
        line += text
      }
    }
    if !alignRight { appendCell() }
    appendSpaces(width - used, to: &line)
    if alignRight { appendCell() }
  }

  /// What of printable ASCII text goes before the `…` that cuts it to `width` columns: its
  /// first `width - 1` bytes without trailing spaces.
  private static func cutPrintableASCII(_ text: String, toColumns width: Int) -> Substring {
    var end = text.utf8.index(text.startIndex, offsetBy: width - 1)
    while end > text.startIndex, text.utf8[text.utf8.index(before: end)] == 0x20 {
      end = text.utf8.index(before: end)
    }
    return text[..<end]
  }

  /// Runs of spaces made once: appending one whole string is far cheaper than a space at a
  /// time.
  private static let spaces = (0...64).map { String(repeating: " ", count: $0) }

  static func appendSpaces(_ count: Int, to line: inout String) {
    var left = count
    while left > 0 {
      let run = min(left, spaces.count - 1)
      line += spaces[run]
      left -= run
    }
  }
}
