import Testing

@testable import MoviesCore

/// On a narrow terminal the table gives up Released, then Genres, then Rating, before it
/// cuts Title below its floor, so three Godfathers stay three different rows.
@Suite(.timeLimit(.minutes(1))) struct NarrowTableTests {
  private static let godfathers = [
    Movie(title: "Godfather, The", genres: ["Drama"], rating: 9.1),
    Movie(title: "Godfather: Part II, The", genres: ["Drama"], rating: 8.9),
    Movie(title: "Godfather: Part III, The", genres: ["Drama"], rating: 7.3),
  ]

  private func table(width: Int) -> (header: String, rows: [String]) {
    let table = MovieTable(
      width: width, largestRow: 2_006, palette: .plain, firstPage: Self.godfathers)
    let rows = table.rows(Self.godfathers, firstRow: 1).split(separator: "\n").map(String.init)
    return (table.header(), rows)
  }

  @Test(arguments: [
    (30, [String]()), (40, ["Rating"]), (50, ["Genres", "Rating"]),
    (80, ["Genres", "Rating", "Released"]),
  ])
  func columnsGiveWayInTurn(width: Int, kept: [String]) {
    let (header, rows) = table(width: width)
    for column in ["Genres", "Rating", "Released"] {
      #expect(header.contains(column) == kept.contains(column), "\(width): \(header)")
    }
    for (row, movie) in zip(rows, Self.godfathers) {
      #expect(row.contains(movie.title), "\(width): the title whole in \(row)")
      #expect(DisplayWidth.columns(of: row) <= width)
      #expect(row.last != " ", "no trailing space: '\(row)'")
    }
  }
}
