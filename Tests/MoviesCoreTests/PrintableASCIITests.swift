import Testing

@testable import MoviesCore

/// Printable ASCII, nearly every cell of a table, is measured, cut and escaped by counting
/// bytes in one scan (issue 41); these hold that quick path to what the grapheme-by-grapheme
/// one gives, and a table's rows to what escaping every cell first gives.
@Suite(.timeLimit(.minutes(1))) struct PrintableASCIITests {
  @Test func isPrintableASCIIIsEveryByteFromSpaceToTilde() {
    for byte in UInt8(0)...0x7F {
      let text = "Heat " + String(UnicodeScalar(byte))
      #expect(text.isPrintableASCII == (byte >= 0x20 && byte < 0x7F), "byte \(byte)")
      // A string long enough to have a buffer of its own, and a slice of one.
      let long = String(repeating: "The Godfather ", count: 4) + text
      #expect(long.isPrintableASCII == text.isPrintableASCII)
      #expect(long.dropFirst(3).isPrintableASCII == text.isPrintableASCII)
    }
    for text in ["", "Amélie", "올드보이", "a\u{9B}", "a\u{202E}b", "…"] {
      #expect(text.isPrintableASCII == text.isEmpty, "\(text)")
    }
  }

  /// Text cut to `width` as it is a grapheme at a time, for text that is not printable ASCII.
  private func referenceCut(_ text: String, width: Int) -> String {
    guard width > 0 else { return "" }
    guard text.count > width else { return text }
    var cut = String(text.prefix(width - 1))
    while cut.last?.isWhitespace == true { cut.removeLast() }
    return cut + "…"
  }

  @Test(arguments: [
    "", "Heat", "The Godfather", "Gone with the Wind", "Documentary, Short", "A  B  C  D  E  F",
    "Ends in spaces   ", "   Starts with them",
  ])
  func aCellOfPrintableASCIIIsCutAndPaddedAsAGraphemeOneIs(text: String) {
    for width in 0...22 {
      let cut = referenceCut(text, width: width)
      #expect(DisplayWidth.truncate(text, toColumns: width) == cut, "width \(width)")
      let padding = String(repeating: " ", count: max(0, width - cut.count))
      #expect(DisplayWidth.pad(text, toColumns: width) == cut + padding, "width \(width)")
      #expect(
        DisplayWidth.pad(text, toColumns: width, alignRight: true) == padding + cut,
        "width \(width)")
    }
  }

  @Test func aRowEscapesItsCellsAsEscapingThemFirstWould() {
    let titles = [
      "Heat", "올드보이 Oldboy", "Evil\u{1B}]0;pwned\u{07} and a long title that is cut",
      "Ami\u{9B}e", "right\u{202E}left", "Tab\there", "\u{7F}", "Amélie 🎬 東京物語",
      String(repeating: "Very long title ", count: 8),
    ]
    let dates = ["20031121", "2003", "\u{1B}2003", "+1234567", "２００３", "2003-05-02\u{07}"]
    func movies(escaped: Bool) -> [Movie] {
      let escape = { (text: String) in escaped ? TerminalText.escape(text) : text }
      return titles.indices.map { index in
        Movie(
          title: escape(titles[index]),
          genres: [escape(titles[(index + 1) % titles.count]), escape(titles[index])],
          rating: 7.5,
          releaseDate: escaped
            ? TerminalText.escape(Format.releaseDate(dates[index % dates.count]))
            : dates[index % dates.count])
      }
    }
    for width in [30, 50, 80, 120, 200] {
      for needs in [ColumnNeeds.unknown, ColumnNeeds(title: 20, genres: 10)] {
        let table = MovieTable(width: width, largestRow: 58_788, palette: .ansi, needs: needs)
        #expect(
          table.rows(movies(escaped: false), firstRow: 1)
            == table.rows(movies(escaped: true), firstRow: 1), "width \(width)")
      }
    }
  }
}
