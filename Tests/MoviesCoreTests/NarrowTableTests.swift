import Testing

@testable import MoviesCore

/// On a narrow terminal the table gives up the whole date for its year, then Genres, then
/// Rating, before it cuts Title below its floor, so three Godfathers stay three different
/// rows; the year stays down to 40 columns (issue 42), and goes only below them.
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
    (30, [String]()), (40, ["Rating", "Year"]), (50, ["Rating", "Year"]),
    (80, ["Genres", "Rating", "Released"]),
  ])
  func columnsGiveWayInTurn(width: Int, kept: [String]) {
    let (header, rows) = table(width: width)
    for column in ["Genres", "Rating", "Released", "Year"] {
      #expect(header.contains(column) == kept.contains(column), "\(width): \(header)")
    }
    #expect(Set(rows.map { $0.prefix(while: { $0 != "…" }) }).count == 3, "\(rows)")
    for (row, movie) in zip(rows, Self.godfathers) {
      #expect(width == 40 || row.contains(movie.title), "\(width): the title whole in \(row)")
      #expect(DisplayWidth.columns(of: row) <= width)
      #expect(row.last != " ", "no trailing space: '\(row)'")
    }
  }

  private static let rings = [
    Movie(
      title: "Lord of the Rings: The Fellowship of the Ring, The", genres: ["Action"],
      rating: 8.8, releaseDate: "2001-11-27"),
    Movie(
      title: "Lord of the Rings: The Two Towers, The", genres: ["Action"], rating: 8.8,
      releaseDate: "2002-01-01"),
    Movie(title: "기생충", genres: ["Comedy", "Drama"], rating: 8.6, releaseDate: "2019-05-30"),
  ]

  /// At 60 columns Title keeps 30 columns beside Genres, and Released gives way to its year
  /// first, under a `Year` heading; the row numbers take the columns of the widest, `10`.
  @Test func sixtyColumnsKeepThirtyOfATitleAndTheYear() throws {
    let table = MovieTable(width: 60, largestRow: 10, palette: .plain, firstPage: Self.rings)
    let header = table.header()
    let rows = table.rows(Self.rings, firstRow: 8).split(separator: "\n").map(String.init)
    #expect(header.hasPrefix(" #  Title"), "'\(header)'")
    #expect(header.contains("Genres") && header.hasSuffix("Year"), "'\(header)'")
    let titleAt = try #require(header.range(of: "Title"))
    let titleStart = DisplayWidth.columns(of: header[..<titleAt.lowerBound])
    let yearHeading = try #require(header.range(of: "Year"))
    let yearStart = DisplayWidth.columns(of: header[..<yearHeading.lowerBound])
    for (row, movie) in zip(rows, Self.rings) {
      let title = try #require(row.range(of: movie.title.prefix(3)))
      #expect(DisplayWidth.columns(of: row[..<title.lowerBound]) == titleStart, "\(row)")
      let year = try #require(movie.releaseDate?.prefix(4))
      #expect(row.hasSuffix(String(year)), "\(row)")
      let yearAt = try #require(row.range(of: String(year), options: .backwards))
      #expect(DisplayWidth.columns(of: row[..<yearAt.lowerBound]) == yearStart, "\(row)")
      #expect(DisplayWidth.columns(of: row) <= 60)
    }
    #expect(rows[0].contains("Lord of the Rings: The Fellow…"), "\(rows[0])")
  }
}
