import Testing

@testable import MoviesCore

@Suite(.timeLimit(.minutes(1))) struct MovieTableTests {
  private static let movies = [
    Movie(title: "Oldboy", genres: ["Drama", "Thriller"], rating: 8.4, releaseDate: "20031121"),
    Movie(title: "올드보이", genres: ["드라마", "스릴러"], rating: 8.95, releaseDate: "2003"),
    Movie(
      title: "살인의 추억 Memories of Murder, the long director's cut with commentary",
      genres: ["Crime", "Drama", "Mystery", "Thriller"], rating: 10, releaseDate: "2003-05-02"),
    Movie(title: String(repeating: "Very long title ", count: 20), rating: 5.5),
    Movie(
      title: String(repeating: "아주 긴 제목 ", count: 30), genres: [String(repeating: "장르", count: 20)]),
    Movie(title: "Amélie 🎬 東京物語", rating: 7.05, releaseDate: "2001"),
  ]

  private func lines(width: Int, palette: Palette = .plain) -> [String] {
    let table = MovieTable(width: width, largestRow: 58_788, palette: palette)
    let text = table.header() + "\n" + table.rows(Self.movies, firstRow: 1)
    return text.split(separator: "\n").map(String.init)
  }

  @Test(arguments: [60, 80, 120])
  func everyLineFitsTheTerminal(width: Int) {
    let lines = lines(width: width)
    #expect(lines.count == 1 + Self.movies.count)
    for line in lines {
      #expect(DisplayWidth.columns(of: line) <= width, "too wide: \(line)")
    }
  }

  /// The display column where `needle` ends in `line`.
  private func column(after needle: String, in line: String) throws -> Int {
    let range = try #require(line.range(of: needle, options: .backwards))
    return DisplayWidth.columns(of: line[..<range.upperBound])
  }

  private func column(before needle: String, in line: String) throws -> Int {
    let range = try #require(line.range(of: needle))
    return DisplayWidth.columns(of: line[..<range.lowerBound])
  }

  // At 60 columns Released is the year alone (NarrowTableTests).
  @Test(arguments: [70, 80, 120])
  func ratingAndReleaseColumnsLineUp(width: Int) throws {
    let lines = lines(width: width)
    let header = try #require(lines.first)
    // Ratings are right-aligned under "Rating"; dates start under "Released".
    let ratingEnd = try column(after: "Rating", in: header)
    let releasedStart = try column(before: "Released", in: header)
    let expected = [("8.4", "2003-11-21"), ("8.95", "2003"), ("10.0", "2003-05-02")]
    for (index, (rating, released)) in expected.enumerated() {
      let line = lines[index + 1]
      #expect(try column(after: rating, in: line) == ratingEnd, "rating in: \(line)")
      #expect(try column(before: released, in: line) == releasedStart, "date in: \(line)")
    }
    let last = try #require(lines.last)
    #expect(try column(after: "7.05", in: last) == ratingEnd)
    #expect(try column(before: "2001", in: last) == releasedStart)
  }

  @Test func titlesWithEscapesAreShownEscaped() {
    let table = MovieTable(width: 80, largestRow: 10, palette: .plain)
    let row = table.rows(
      [Movie(title: "Evil\u{1B}]0;pwned\u{07}", genres: ["A\u{1B}[2J"])], firstRow: 1)
    #expect(row.contains("Evil^[]0;pwned^G"))
    #expect(row.contains("A^[[2J"))
    #expect(!row.unicodeScalars.contains("\u{1B}"))
    #expect(!row.unicodeScalars.contains("\u{07}"))
  }

  @Test func plainPaletteWritesNoEscapeByte() {
    #expect(!lines(width: 80).joined().unicodeScalars.contains("\u{1B}"))
    // The same table in colour does have escapes, so the check above can fail.
    #expect(lines(width: 80, palette: .ansi).joined().unicodeScalars.contains("\u{1B}"))
  }

  @Test func rowNumbersAreRightAligned() {
    let table = MovieTable(width: 80, largestRow: 100, palette: .plain)
    let three = [Movie(title: "A"), Movie(title: "B"), Movie(title: "C")]
    let rows = table.rows(three, firstRow: 9).split(separator: "\n")
    #expect(rows.count == 3)
    #expect(rows.map { String($0.prefix(6)) } == ["  9  A", " 10  B", " 11  C"])
  }

  @Test(arguments: ["★", "*"])
  func watchedRowsAreMarkedAndTheColumnsStillLineUp(symbol: String) throws {
    let marks = MovieTable.Marks(watched: [WatchEntry.key(for: Self.movies[1])], symbol: symbol)
    let table = MovieTable(width: 80, largestRow: 100, palette: .plain, marks: marks)
    let lines = (table.header() + "\n" + table.rows(Self.movies.prefix(3), firstRow: 1))
      .split(separator: "\n").map(String.init)
    #expect(lines.map { String($0.prefix(6)) } == ["  #   ", "  1   ", "  2 \(symbol) ", "  3   "])
    let ratingEnd = try column(after: "Rating", in: lines[0])
    #expect(try column(after: "8.4", in: lines[1]) == ratingEnd)
    #expect(try column(after: "8.95", in: lines[2]) == ratingEnd)
    #expect(lines.allSatisfy { DisplayWidth.columns(of: $0) <= 80 })
  }
}
