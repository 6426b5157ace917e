import Foundation
import Testing

@testable import MoviesCore

@Suite(.timeLimit(.minutes(1))) struct MoviePageParserTests {
  private func parse(_ json: String) throws -> MoviePage {
    try MoviePageParser.parse(Data(json.utf8))
  }

  @Test func normalPage() throws {
    let page = try MoviePageParser.parse(Fixture.data("page-normal.json"))
    #expect(page.totalCount == 58_788)
    #expect(page.rowCount == 3)
    #expect(page.warnings.isEmpty)
    #expect(
      page.movies == [
        Movie(
          id: "101", title: "Oldboy", genres: ["Drama", "Mystery", "Thriller"],
          thumbnail: "http://images.example/101.jpg", link: "http://movies.example/101",
          rating: 8.4, ratingCount: 12_345, releaseDate: "20031121", runningTime: 120,
          grade: "18", otherFields: ["genreIds": "4,8,9"]),
        Movie(
          id: "102", title: "괴물", genres: ["Action", "Drama"],
          thumbnail: "http://images.example/102.png", link: "http://movies.example/102",
          rating: 7.05, ratingCount: 880, releaseDate: "2006", runningTime: 119,
          otherFields: ["budget": "11000000"]),
        Movie(
          id: "103", title: "The Matrix", genres: ["Action"], rating: 9,
          releaseDate: "1999-03-31"),
      ])
  }

  @Test func numbersAsStringsAndAsJSONNumbers() throws {
    let page = try MoviePageParser.parse(Fixture.data("page-loose-types.json"))
    try #require(page.movies.count == 4)
    let (strings, numbers) = (page.movies[0], page.movies[1])
    #expect(strings.rating == 8.95)
    #expect(strings.ratingCount == 123)
    #expect(strings.runningTime == 136)
    #expect(numbers.id == "11")
    #expect(numbers.rating == 8.95)
    #expect(numbers.ratingCount == 123)  // sent as 123.0
    #expect(numbers.runningTime == 136)
    #expect(page.totalCount == 4)
  }

  /// Valid JSON that JSONSerialization refuses whole: the page loads, the number is missing,
  /// and a warning says so; the same text inside a string is left as it is.
  @Test func aNumberTooLargeForADoubleIsMissingNotTheWholePage() throws {
    let page = try MoviePageParser.parse(
      Data(
        #"""
        {"hoppin": {"totalCount": 2, "movies": {"movie": [
          {"movieId": 1, "title": "Huge 1e400", "ratingAverage": 1e400, "ratingCount": -2E+999},
          {"movieId": 2, "title": "Fine", "ratingAverage": 7.5}]}}}
        """#.utf8), page: 3)
    #expect(page.movies.map(\.title) == ["Huge 1e400", "Fine"])
    #expect(page.movies.first?.rating == nil && page.movies.first?.ratingCount == nil)
    #expect(page.movies.last?.rating == 7.5)
    #expect(
      page.warnings == [
        "Page 3 holds numbers too large to read (1e400, -2E+999): they were read as missing."
      ])
  }

  @Test func textThatIsNotJSONIsStillNotJSON() {
    #expect(throws: MoviePageParser.Error.notJSON) { try parse("1e400 <html>") }
    #expect(
      JSONDocument.nullingOutOfRangeNumbers(in: Data(#"{"a": "1e400", "b": 1e3}"#.utf8)) == nil)
  }

  @Test func nullOptionalFieldsAreAbsent() throws {
    let page = try MoviePageParser.parse(Fixture.data("page-loose-types.json"))
    let movie = try #require(page.movies.first { $0.title == "Nulls" })
    #expect(movie == Movie(title: "Nulls"))
  }

  @Test func booleansAreNotNumbers() throws {
    let page = try MoviePageParser.parse(Fixture.data("page-loose-types.json"))
    let movie = try #require(page.movies.first { $0.title == "Booleans" })
    #expect(movie.rating == nil)
    #expect(movie.ratingCount == nil)
    #expect(movie.runningTime == nil)
    #expect(movie.grade == nil)
  }

  @Test func singleMovieAsBareObject() throws {
    let page = try MoviePageParser.parse(Fixture.data("page-single-object.json"))
    #expect(
      page.movies == [Movie(id: "21", title: "The Last One", rating: 6.5, releaseDate: "2011")])
    #expect(page.rowCount == 1)
    #expect(page.totalCount == 21)
  }

  @Test(
    "Past the last page there are no movies and no error",
    arguments: [
      #"{"hoppin":{"totalCount":"20","movies":{"movie":[]}}}"#,
      #"{"hoppin":{"totalCount":"20","movies":{}}}"#,
      #"{"hoppin":{"totalCount":"20","movies":{"movie":null}}}"#,
      #"{"hoppin":{"totalCount":"20","movies":{"movie":""}}}"#,
      #"{"hoppin":{"totalCount":"20"}}"#,
      #"{"hoppin":{"totalCount":"20","movies":null}}"#,
      #"{"hoppin":{"totalCount":"20","movies":""}}"#,
    ])
  func noMovies(json: String) throws {
    let page = try parse(json)
    #expect(page.movies.isEmpty)
    #expect(page.rowCount == 0)
    #expect(page.warnings.isEmpty)
    #expect(page.totalCount == 20)
  }

  @Test func rowsWithoutUsableTitleAreSkippedWithAWarning() throws {
    let page = try MoviePageParser.parse(Fixture.data("page-skipped-rows.json"), page: 3)
    // Kept: row 1 and row 8 (title sent as the number 1917).
    #expect(page.movies.map(\.title) == ["Kept", "1917"])
    #expect(page.movies.map(\.id) == ["1", "8"])
    #expect(page.rowCount == 8)
    // Skipped: missing, empty, whitespace, null, a string row and `true`.
    #expect(page.warnings.count == 6)
    for row in [2, 3, 4, 5, 6, 7] {
      #expect(
        page.warnings.contains { $0.contains("(page 3, position \(row) in the answer)") },
        "no warning for row \(row): \(page.warnings)")
    }
    // Named by id where the row has one; a row number would be another film's in the table.
    #expect(
      page.warnings.contains { $0.hasPrefix("Skipped the movie with id ") }, "\(page.warnings)")
    #expect(!page.warnings.contains { $0.contains("row ") }, "\(page.warnings)")
  }

  @Test func unknownScalarFieldsAreKept() throws {
    let page = try MoviePageParser.parse(Fixture.data("page-other-fields.json"))
    let movie = try #require(page.movies.first)
    #expect(movie.otherFields == ["country": "KR", "budget": "160000", "director": "Bong Joon-ho"])
  }

  @Test(arguments: [
    ("Action, Drama,", ["Action", "Drama"]),
    (" Comedy ,Romance ", ["Comedy", "Romance"]),
    ("Drama", ["Drama"]),
    (",, ,", []),
  ])
  func genreNamesAreSplitAndTrimmed(names: String, genres: [String]) throws {
    let page = try parse(
      #"{"hoppin":{"movies":{"movie":[{"title":"T","genreNames":"\#(names)"}]}}}"#)
    #expect(page.movies.first?.genres == genres)
  }

  @Test(
    arguments: [
      (#""totalCount":"25","#, 25),
      (#""totalCount":25,"#, 25),
      (#""totalCount":25.0,"#, 25),
      (#""totalCount":" 25 ","#, 25),
      ("", nil),
      (#""totalCount":null,"#, nil),
      (#""totalCount":"many","#, nil),
    ] as [(String, Int?)])
  func totalCount(field: String, expected: Int?) throws {
    let page = try parse(#"{"hoppin":{\#(field)"movies":{"movie":[]}}}"#)
    #expect(page.totalCount == expected)
  }

  @Test(arguments: [
    ("error-page.html", MoviePageParser.Error.notJSON),
    ("no-hoppin.json", .missingHoppinObject),
    ("movies-number.json", .unexpectedMoviesShape),
  ])
  func unreadableBodies(fixture: String, error: MoviePageParser.Error) throws {
    let data = try Fixture.data(fixture)
    #expect(throws: error) { try MoviePageParser.parse(data) }
  }

  @Test(arguments: [
    (#"[1, 2, 3]"#, MoviePageParser.Error.missingHoppinObject),
    (#"{"hoppin":"yes"}"#, .missingHoppinObject),
    (#"{"hoppin":{"movies":{"movie":"Oldboy"}}}"#, .unexpectedMoviesShape),
    (#"{"hoppin":{"movies":42}}"#, .unexpectedMoviesShape),
    ("", .notJSON),
  ])
  func otherUnreadableShapes(json: String, error: MoviePageParser.Error) {
    #expect(throws: error) { try parse(json) }
  }

  @Test(arguments: [
    MoviePageParser.Error.notJSON, .missingHoppinObject, .unexpectedMoviesShape,
  ])
  func everyErrorHasAMessage(error: MoviePageParser.Error) {
    #expect(!error.message.trimmingCharacters(in: .whitespaces).isEmpty)
  }

  @Test func valuesAreCountedOutsideStringsOnly() {
    let counts = MoviePageParser.valueCount(
      Data(#"{"a":"x,{[\",y","b":[1,2]}"#.utf8), upTo: 100)
    #expect(counts.values == 4 && counts.containers == 2)
  }

  @Test func aPageOfTooManyRowsIsRefused() {
    let rows = Array(repeating: #"{"title":"a"}"#, count: MoviePageParser.maximumContainers)
    let body = #"{"hoppin":{"movies":{"movie":["# + rows.joined(separator: ",") + "]}}}"
    #expect(throws: MoviePageParser.Error.tooManyValues(limit: 500_000, containers: 50_000)) {
      try MoviePageParser.parse(Data(body.utf8))
    }
  }

  @Test func aPlainRowOfTooManyMembersIsRefused() {
    // The plain shape, which is read without JSONSerialization: its bound is kept as it reads.
    let members = Array(repeating: #""a":"x""#, count: MoviePageParser.maximumValues)
    let body = #"{"hoppin":{"movies":{"movie":[{"# + members.joined(separator: ",") + "}]}}}"
    #expect(throws: MoviePageParser.Error.tooManyValues(limit: 500_000, containers: 50_000)) {
      try MoviePageParser.parse(Data(body.utf8))
    }
  }

  @Test func aShortBodyOfTooManyObjectsIsCountedAndRefused() {
    // 150 KB of empty rows: under the bound in bytes and values, over it in objects.
    let rows = Array(repeating: "[]", count: MoviePageParser.maximumContainers)
    let body = #"{"hoppin":{"movies":{"movie":["# + rows.joined(separator: ",") + "]}}}"
    #expect(throws: MoviePageParser.Error.tooManyValues(limit: 500_000, containers: 50_000)) {
      try MoviePageParser.parse(Data(body.utf8))
    }
  }

  @Test func commasInTextDoNotCountAsValues() throws {
    // More commas than the bound allows values, all inside one title: a page of one movie.
    let title = String(repeating: ",", count: MoviePageParser.maximumValues + 1)
    let body = #"{"hoppin":{"movies":{"movie":[{"title":"x"# + title + #""}]}}}"#
    #expect(MoviePageParser.structuralBytes(Data(body.utf8)).values > MoviePageParser.maximumValues)
    let page = try MoviePageParser.parse(Data(body.utf8))
    #expect(page.movies.map(\.title) == ["x" + title])
  }

  @Test func theRoughCountIsNeverBelowTheExactOne() {
    let text = Data(#"{"a":"x,{[\",y","b":[1,2,{"c":[]}]}"#.utf8)
    let rough = MoviePageParser.structuralBytes(text)
    let exact = MoviePageParser.valueCount(text, upTo: 100)
    #expect(rough.values == 11 && rough.containers == 6)
    #expect(rough.values >= exact.values && rough.containers >= exact.containers)
  }
}
