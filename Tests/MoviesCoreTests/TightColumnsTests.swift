import Testing

@testable import MoviesCore

/// The columns before the title are as wide as what they hold: a progress column of `✓`
/// marks takes one column, and `▶ 40%` five only where a film was stopped part way (issue
/// 42: at 80 columns the number and marks took 12 and the title 22).
@Suite(.timeLimit(.minutes(1))) struct TightColumnsTests {
  static let played = Movie(
    title: "Heat", rating: 7.9, releaseDate: "1995",
    playback: Playback(played: true, position: 0, length: 100))
  static let stopped = Movie(
    title: "Ronin", rating: 7.2, releaseDate: "1998",
    playback: Playback(played: false, position: 40, length: 100))

  private func titleColumn(_ movies: [Movie]) throws -> Int {
    let table = MovieTable(width: 80, largestRow: 9, palette: .plain, firstPage: movies)
    let row = table.rows(movies, firstRow: 1).split(separator: "\n")[0]
    let title = try #require(row.range(of: movies[0].title))
    return DisplayWidth.columns(of: row[..<title.lowerBound])
  }

  @Test func playedMarksTakeOneColumnAndPercentagesFive() throws {
    // `1  ✓  Heat`: the number, a gap, the mark, a gap.
    #expect(try titleColumn([Self.played]) == 6)
    #expect(try titleColumn([Self.stopped, Self.played]) == 10)
    // A later page's film stopped part way, under a narrow column, says `▶` alone.
    let table = MovieTable(width: 80, largestRow: 9, palette: .plain, firstPage: [Self.played])
    #expect(table.rows([Self.stopped], firstRow: 2).hasPrefix("2  ▶  Ronin"))
  }

  /// The watchlist's mark stands in the gap after the row number: it costs the title one
  /// column (`12 ★ Heat`), where it cost two with a gap of its own after it.
  @Test(arguments: [("★", true), ("*", true), ("★", false)])
  func theMarkTakesOneColumnMore(symbol: String, watched: Bool) throws {
    let movies = [Self.played, Self.stopped].map { Movie(title: $0.title, rating: $0.rating) }
    let marks = MovieTable.Marks(
      watched: watched ? [WatchEntry.key(for: movies[0])] : [], symbol: symbol)
    let unmarked = MovieTable(width: 80, largestRow: 12, palette: .plain, firstPage: movies)
    let marked = MovieTable(
      width: 80, largestRow: 12, palette: .plain, firstPage: movies, marks: marks)
    let plain = unmarked.rows(movies, firstRow: 11).split(separator: "\n").map(String.init)
    let lines = marked.rows(movies, firstRow: 11).split(separator: "\n").map(String.init)
    #expect(plain[0].hasPrefix("11  Heat"), "\(plain[0])")
    #expect(lines[0].hasPrefix(watched ? "11 \(symbol) Heat" : "11   Heat"), "\(lines[0])")
    #expect(lines[1].hasPrefix("12   Ronin"), "\(lines[1])")
    // The title column gives up exactly the one column the mark takes: the rating and the
    // year stay where they were.
    for (line, plainLine) in zip(lines, plain) {
      #expect(DisplayWidth.columns(of: line) == DisplayWidth.columns(of: plainLine))
      #expect(line.hasSuffix(String(plainLine.suffix(16))), "\(line)")
    }
  }
}

/// `continue`'s percentage is rounded as the server's is: 40.98 % is 41 %, not 40 %.
@Suite(.timeLimit(.minutes(1))) struct ProgressRoundingTests {
  @Test func aPercentageIsRoundedNotCut() {
    #expect(MovieTable.progress(Playback(played: false, position: 2459, length: 6000)) == "▶ 41%")
    #expect(MovieTable.progress(Playback(played: false, position: 2475, length: 6000)) == "▶ 41%")
    #expect(MovieTable.progress(Playback(played: false, position: 5990, length: 6000)) == "▶ 99%")
    #expect(MovieTable.progress(Playback(played: false, position: 1, length: 6000)) == "▶ 1%")
  }
}
