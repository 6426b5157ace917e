import Testing

@testable import MoviesCore

/// The program's marks become ASCII where the locale is not UTF-8, found a scalar at a time
/// (issue 41) yet exactly where a character at a time finds them.
@Suite(.timeLimit(.minutes(1))) struct ASCIIMarksTests {
  /// The marks replaced a character at a time, as they were before.
  private func byCharacter(_ text: String) -> String {
    var result = ""
    for character in text {
      if let mark = TerminalText.asciiMarks.first(where: { $0.0 == character }) {
        result += mark.1
      } else {
        result.append(character)
      }
    }
    return result
  }

  @Test func aTablesMarksBecomeASCII() {
    let text = "  12 ★ Heat      –     8.2  1995\n  13   올드…     Drama  –  2003\n▶ 40% ✓ — ·"
    let expected = "  12 * Heat      -     8.2  1995\n  13   올드...     Drama  -  2003\n> 40% x - -"
    #expect(TerminalText.asciiMarks(in: text) == expected)
  }

  @Test func aMarkJoinedToItsNeighboursStaysAsItIs() {
    // An accent, a variation selector or a joiner makes another character of the mark.
    for text in ["–\u{301}", "★\u{FE0F}", "👍\u{200D}▶", "\u{600}–", "…\u{903}a"] {
      #expect(TerminalText.asciiMarks(in: text) == text, "\(text.unicodeScalars.map(\.value))")
      #expect(byCharacter(text) == text, "\(text.unicodeScalars.map(\.value))")
    }
    // The Greek ano teleia is canonically the middle dot.
    #expect(TerminalText.asciiMarks(in: "a \u{387} b") == "a - b")
  }

  @Test func everyTextReadsAsACharacterAtATimeReadsIt() {
    let pieces = [
      "a", " ", "\n", "\r", "…", "·", "\u{387}", "★", "–", "—", "✓", "▶", "\u{301}", "\u{200D}",
      "\u{FE0F}", "\u{FE0E}", "👍", "\u{1F3FD}", "올", "\u{1100}", "\u{1161}", "\u{600}",
      "\u{903}", "\u{1F1F0}", "\u{1F1F7}", "é", "^[",
    ]
    var seed: UInt64 = 41
    func random(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    for _ in 0..<20_000 {
      let text = (0..<random(10)).map { _ in pieces[random(pieces.count)] }.joined()
      #expect(
        TerminalText.asciiMarks(in: text) == byCharacter(text),
        "\(text.unicodeScalars.map(\.value))")
    }
  }
}
