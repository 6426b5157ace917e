import Testing

@testable import MoviesCore

@Suite(.timeLimit(.minutes(1))) struct DisplayWidthTests {
  @Test(arguments: [
    ("Oldboy", 6),
    ("올드보이", 8),
    ("괴물 The Host", 13),
    ("東京物語", 8),
    ("となりのトトロ", 14),
    ("ＡＢＣ", 6),  // fullwidth Latin
    ("e\u{301}", 1),  // e + combining acute
    ("Ame\u{301}lie", 6),
    ("Amélie", 6),  // precomposed
    ("Łódź, Ærø ɐ ˈa", 14),  // Latin Extended, IPA and spacing modifiers: a column each
    ("co\u{AD}op", 4),  // a soft hyphen takes none
    ("“Amélie” – a cut…", 17),  // quotes, dashes and the ellipsis a cut cell ends in
    ("a\u{200B}b\u{2028}", 3),  // a zero-width space takes none, a line separator one
    ("Zoe\u{308}", 3),  // a combining mark after Latin text
    ("Ami\u{9B}", 3),  // a C1 control takes none
    ("🎬", 2),
    ("👍🏽", 2),  // with a skin tone modifier
    ("👨‍👩‍👧", 2),  // a ZWJ family
    ("🇰🇷", 2),  // a flag
    ("\u{2764}\u{FE0F}", 2),  // text heart + VS16
    ("", 0),
  ])
  func columns(text: String, width: Int) {
    #expect(DisplayWidth.columns(of: text) == width)
  }

  @Test(arguments: [
    ("The Matrix Reloaded", 10, "The Matri…"),
    ("올드보이", 5, "올드…"),
    ("올드보이", 6, "올드…"),  // 보 would straddle the limit
    ("올드보이", 7, "올드보…"),
    ("올드보이", 8, "올드보이"),
    ("abc", 3, "abc"),
    ("abcd", 1, "…"),
    ("abcd", 0, ""),
  ])
  func truncate(text: String, width: Int, expected: String) {
    #expect(DisplayWidth.truncate(text, toColumns: width) == expected)
  }

  @Test(arguments: 1...14)
  func truncateNeverExceedsTheWidth(width: Int) {
    let text = "괴물 The Host 🎬 東京"  // 21 columns
    let cut = DisplayWidth.truncate(text, toColumns: width)
    #expect(DisplayWidth.columns(of: cut) <= width)
    #expect(cut.hasSuffix("…"))
  }

  @Test(arguments: 1...14)
  func padReachesTheExactWidth(width: Int) {
    for text in ["", "ab", "올드보이", "e\u{301}e\u{301}", "괴물 The Host 🎬"] {
      #expect(DisplayWidth.columns(of: DisplayWidth.pad(text, toColumns: width)) == width)
      let right = DisplayWidth.pad(text, toColumns: width, alignRight: true)
      #expect(DisplayWidth.columns(of: right) == width)
    }
  }

  @Test func padAddsSpacesOnTheChosenSide() {
    #expect(DisplayWidth.pad("올드보이", toColumns: 10) == "올드보이  ")
    #expect(DisplayWidth.pad("42", toColumns: 5, alignRight: true) == "   42")
    #expect(DisplayWidth.pad("올드보이", toColumns: 6) == "올드… ")
  }
}
