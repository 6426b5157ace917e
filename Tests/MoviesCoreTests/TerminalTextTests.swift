import Testing

@testable import MoviesCore

@Suite(.timeLimit(.minutes(1))) struct TerminalTextTests {
  @Test(arguments: [
    ("\u{1B}", "^["),
    ("\u{07}", "^G"),
    ("\r", "^M"),
    ("\n", "^J"),
    ("\t", "^I"),
    ("\u{0}", "^@"),
    ("\u{7F}", "^?"),
    ("\u{9B}", #"\u{9B}"#),
    ("\u{202E}", #"\u{202E}"#),
    ("\u{2066}", #"\u{2066}"#),
    ("Red\u{1B}[31mText", "Red^[[31mText"),
    ("a\r\nb", "a^M^Jb"),
    ("abc\u{202E}fdp.exe", #"abc\u{202E}fdp.exe"#),
  ])
  func escapesControls(input: String, escaped: String) {
    #expect(TerminalText.escape(input) == escaped)
  }

  @Test(arguments: [
    "The Matrix (1999): 8.7/10 ~ #1!", "올드보이", "東京物語", "🎬🍿 Movie night", "Amélie", "",
  ])
  func plainTextIsUnchanged(text: String) {
    #expect(TerminalText.escape(text) == text)
  }

  @Test func titleSettingSequenceIsDefused() {
    let escaped = TerminalText.escape("\u{1B}]0;pwned\u{07}")
    #expect(escaped == "^[]0;pwned^G")
    #expect(!escaped.unicodeScalars.contains("\u{1B}"))
    #expect(!escaped.unicodeScalars.contains("\u{07}"))
  }

  @Test func noControlCharacterSurvives() {
    let controls = (0..<0x20).map { $0 } + (0x7F...0x9F).map { $0 }
    let text = String(
      String.UnicodeScalarView(controls.compactMap { Unicode.Scalar(UInt32($0)) }))
    #expect(text.unicodeScalars.count == 0x20 + 0x21)
    let escaped = TerminalText.escape(text)
    #expect(
      !escaped.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
  }
}
