import Testing

@testable import MoviesCore

/// Title and Genres share the width by what the first page needs, and prose wraps at spaces.
@Suite(.timeLimit(.minutes(1))) struct TableSharingTests {
  private static let page = [
    Movie(title: "Heat", genres: ["Action", "Crime", "Drama", "Thriller"], rating: 8.3),
    Movie(title: "The Lord of the Rings: The Return of the King", genres: ["Action"], rating: 9),
    Movie(title: "기생충", genres: ["Comedy", "Drama"], rating: 8.6),
  ]
  private static let genres = "Action, Crime, Drama, Thriller"

  private func lines(width: Int, rows: [Movie] = page) -> [String] {
    let table = MovieTable(width: width, largestRow: 100, palette: .plain, firstPage: rows)
    return [table.header()] + table.rows(rows, firstRow: 1).split(separator: "\n").map(String.init)
  }

  @Test func aWideTerminalSizesTitleToTheLongestAndShowsWholeGenres() {
    let wide = lines(width: 250)
    #expect(wide.allSatisfy { !$0.contains("…") }, "\(wide)")
    #expect(wide[1].contains(Self.genres))
    // Title is at most its cap, not 200 columns of blanks.
    let genresAt = wide[0].range(of: "Genres").map {
      wide[0].distance(from: wide[0].startIndex, to: $0.lowerBound)
    }
    #expect((genresAt ?? 999) <= 5 + MovieTable.titleCap + 2, "\(wide[0])")
    #expect(wide.allSatisfy { $0.count < 130 }, "\(wide.map(\.count))")
  }

  @Test func aHundredColumnsLeaveNoGapBesideACutGenreList() {
    let short = [Movie(title: "Up", genres: ["Animation", "Adventure", "Comedy", "Family"])]
    let rows = lines(width: 100, rows: short)
    // The genre list is whole: Title gave up its blanks to it.
    #expect(rows[1].contains("Animation, Adventure, Comedy, Family"), "\(rows[1])")
    let long = [
      Movie(title: String(repeating: "Long title ", count: 4), genres: ["Animation", "Adventure"])
    ]
    #expect(lines(width: 100, rows: long)[1].contains("Animation, Adventure"))
  }

  @Test(arguments: [60, 70])
  func sixtyColumnsStillShowGenres(width: Int) {
    let rows = lines(width: width)
    #expect(rows[0].contains("Genres"))
    for row in rows { #expect(DisplayWidth.columns(of: row) <= width, "\(row)") }
  }

  @Test(arguments: [40, 60, 100])
  func proseWrapsAtSpacesToTheWidth(width: Int) {
    let text =
      "Saved thumbnails/2-shawshank-redemption-the.jpg (JPEG, 60x90 px, 1.8 KB, from the "
      + "offline catalogue in 0.1 ms) and some 한국어 words too"
    let wrapped = TextWrap.wrap(text, toColumns: width)
    let words = text.split(separator: " ")
    let pieces = wrapped.split(whereSeparator: { $0 == " " || $0 == "\n" })
    // Nothing is lost, and only a word wider than the line (the file name at 40) is cut.
    #expect(pieces.joined() == words.joined())
    for word in words where DisplayWidth.columns(of: word) <= width {
      #expect(pieces.contains(word), "'\(word)' is whole")
    }
    for line in wrapped.split(separator: "\n") {
      #expect(DisplayWidth.columns(of: line) <= width, "\(line)")
    }
    var list = MovieList(query: MovieQuery())
    _ = list.add(MoviePage(movies: Self.page, totalCount: 30))
    let status = StatusLine.render(list.status, palette: .plain, width: width)
    for line in status.split(separator: "\n") { #expect(line.count <= width) }
  }
}
