import Foundation
import Testing

@testable import MoviesCore

/// The fast reader of plain Hoppin pages reads what `JSONSerialization` reads, field for
/// field, and gives up on anything else, which then goes the old way.
@Suite(.timeLimit(.minutes(1))) struct PlainHoppinPageTests {
  /// The page read the fast way and, with a number in front that sends it the old way, by
  /// `JSONSerialization`.
  private func bothWays(_ text: String) throws -> (fast: MoviePage, slow: MoviePage) {
    let brace = try #require(text.firstIndex(of: "{"))
    let slowText = text[...brace] + "\"n\":0," + text[text.index(after: brace)...]
    #expect(PlainHoppinPage(Data(text.utf8)) != nil, "the plain reader refused it")
    #expect(PlainHoppinPage(Data(slowText.utf8)) == nil)
    return (
      try MoviePageParser.parse(Data(text.utf8), page: 1),
      try MoviePageParser.parse(Data(slowText.utf8), page: 1)
    )
  }

  @Test(arguments: [
    #"{"hoppin":{"order":"releasedateasc","movies":{"movie":[{"movieId":"1","title":"Heat"}]},"totalCount":"1"}}"#,
    #" { "hoppin" : { "movies" : { "movie" : [ ] } , "totalCount" : null } } "#,
    #"{"hoppin":{"movies":{"movie":[{"title":"Am\u00e9lie \"2\" \\ \/ \n\t","x":null},{"title":"🎬 올드보이 \ud83c\udfac"}]}}}"#,
    #"{"other":"x","hoppin":{"movies":{"movie":[{"title":"A","title":"B"}],"note":"n"}}}"#,
    #"{"hoppin":{"movies":{"movie":[{"movieId":"7","title":null},{"title":"  "},{"title":"C","genreNames":"Drama, ,War","extra":"e"}]}}}"#,
  ])
  func readsWhatJSONSerializationReads(text: String) throws {
    #expect(PlainHoppinPage(Data(text.utf8)) != nil)
    let (fast, slow) = try bothWays(text)
    #expect(fast.movies == slow.movies)
    #expect(fast.totalCount == slow.totalCount && fast.warnings == slow.warnings)
  }

  @Test(arguments: [
    #"{"hoppin":{"movies":{"movie":[{"title":"A","ratingAverage":7.5}]}}}"#,
    #"{"hoppin":{"movies":{"movie":{"title":"A"}}}}"#,
    #"{"hoppin":{"movies":{"movie":[{"title":"A"}]},"totalCount":12}}"#,
    #"{"hoppin":{"movies":{"movie":[{"title":true}]}}}"#,
    #"{"hoppin":{"movies":{"movie":[{"title":"\ud83c"}]}}}"#,
    #"{"hoppin":{"movies":{"movie":[{"title":"\x"}]}}}"#,
    #"{"hoppin":{"movies":{"movie":[{"title":"A"}]}}} x"#,
    #"{"hoppin":{"movies":{"movie":[{"title":"A"},]}}}"#,
    #"{"hoppin":{"movies":{"movie":[{"title":"A"}]}}"#,
    #"{"movies":{"movie":[]}}"#,
    "{\"hoppin\":{\"movies\":{\"movie\":[{\"title\":\"a\u{01}b\"}]}}}",
    "",
  ])
  func givesUpOnAnythingElse(text: String) {
    #expect(PlainHoppinPage(Data(text.utf8)) == nil, "\(text)")
  }

  @Test func givesUpOnInvalidUTF8() {
    var bytes = Array(#"{"hoppin":{"movies":{"movie":[{"title":"A"#.utf8)
    bytes += [0xC3, 0x28]
    bytes += Array(#""}]}}}"#.utf8)
    #expect(PlainHoppinPage(Data(bytes)) == nil)
  }

  /// The reader reads strings eight bytes at a time: an escape, a letter past ASCII or a
  /// space to trim at any place, in strings of any length around eight and sixteen, reads
  /// as `JSONSerialization` reads it, and a raw control character anywhere makes it give up.
  @Test(arguments: [#"\n"#, #"\u00e9"#, "é", "올", " ", #"\""#, "7"])
  func stringsOfEveryLengthWithAnythingAnywhere(insert: String) throws {
    var rows: [String] = []
    for length in 0...20 {
      for place in 0...length {
        let plain = String(repeating: "x", count: length)
        let text = String(plain.prefix(place)) + insert + String(plain.dropFirst(place))
        rows.append(#"{"title":"\#(text)","movieId":"\#(text)","ratingAverage":"\#(text)"}"#)
        let control = String(plain.prefix(place)) + "\u{01}" + String(plain.dropFirst(place))
        let refused = #"{"hoppin":{"movies":{"movie":[{"title":"\#(control)"}]}}}"#
        #expect(PlainHoppinPage(Data(refused.utf8)) == nil, "\(refused.debugDescription)")
      }
    }
    let text = #"{"hoppin":{"movies":{"movie":["# + rows.joined(separator: ",") + "]}}}"
    #expect(PlainHoppinPage(Data(text.utf8)) != nil)
    let (fast, slow) = try bothWays(text)
    #expect(fast.rowCount == rows.count && fast.warnings == slow.warnings)
    #expect(fast.movies == slow.movies)
  }

  /// Keys are matched by their bytes: a known field's name read any other way (escaped) is
  /// the field, and a near miss is another field, kept by its name.
  @Test func keysAreTheFieldsTheyName() throws {
    let text = #"""
      {"hoppin":{"movies":{"movie":[{"tit\u006ce":"A","Title":"B","titles":"C","titl":"D",
      "ratingAverage ":"1","genreNamesAndMore":"E","thumbnailImageUrl":"F","é":"G","":"H",
      "grade":"PG","runningTime":" 90 ","ratingCount":"12.0","ratingAverage":"-0",
      "releaseDate":"1999","linkUrl":"l","thumbnailImage":"t","movieId":"7",
      "genreNames":" Drama , War "}]}}}
      """#
    #expect(PlainHoppinPage(Data(text.utf8)) != nil)
    let (fast, slow) = try bothWays(text)
    #expect(fast.movies == slow.movies)
    let movie = try #require(fast.movies.first)
    #expect(movie.title == "A" && movie.grade == "PG" && movie.runningTime == 90)
    #expect(movie.ratingCount == 12 && movie.rating == 0 && movie.genres == ["Drama", "War"])
    #expect(
      movie.otherFields == [
        "Title": "B", "titles": "C", "titl": "D", "ratingAverage ": "1",
        "genreNamesAndMore": "E", "thumbnailImageUrl": "F", "é": "G", "": "H",
      ])
    for field in MoviePageParser.Field.allCases {
      let parsed = Array(field.rawValue.utf8).withUnsafeBytes {
        MoviePageParser.Field(ascii: $0)
      }
      #expect(parsed == field)
    }
  }

  /// A genre list reads the same from its bytes, escaped, spaced or met before.
  @Test func genreListsReadTheSameHoweverSpelled() throws {
    let text = #"""
      {"hoppin":{"movies":{"movie":[{"title":"A","genreNames":"Drama,War"},
      {"title":"B","genreNames":" Drama,War "},{"title":"C","genreNames":"War"},
      {"title":"D","genreNames":"Drama,War"},{"title":"E","genreNames":" , "},
      {"title":"F","genreNames":"Dr\u0061ma,War"},{"title":"G","genreNames":null}]}}}
      """#
    let (fast, slow) = try bothWays(text)
    #expect(fast.movies == slow.movies)
    #expect(
      fast.movies.map(\.genres)
        == [
          ["Drama", "War"], ["Drama", "War"], ["War"], ["Drama", "War"], [], ["Drama", "War"], [],
        ])
  }

  /// Rows with the same unknown member share its dictionary, and a row that adds another
  /// member to it changes only its own: each row's fields are what its members, one by one,
  /// make of them (a later member of the same name wins, as in `JSONSerialization`'s
  /// dictionary of the row, even one without text).
  @Test func unknownMembersAreKeptRowByRow() throws {
    let text = #"""
      {"hoppin":{"movies":{"movie":[{"title":"A","genreIds":"1"},
      {"title":"B","genreIds":"1","budget":"5"},{"title":"C","genreIds":"1"},
      {"title":"D","genreIds":" ","x":"y"},{"title":"E","x":"1","x":"2"},
      {"title":"F","x":"1","x":" "},{"title":"G","x":null,"y":"2"},
      {"title":"H","genreIds":" 1 "},{"title":"I","genre\u0049ds":"1","x\u0020":"\u0031"}]}}}
      """#
    let (page, slow) = try bothWays(text)
    #expect(page.movies == slow.movies)
    #expect(
      page.movies.map(\.otherFields) == [
        ["genreIds": "1"], ["genreIds": "1", "budget": "5"], ["genreIds": "1"], ["x": "y"],
        ["x": "2"], [:], ["y": "2"], ["genreIds": "1"], ["genreIds": "1", "x ": "1"],
      ])
  }

  /// The bundled catalogue (2,006 films, titles in many scripts) and a fixture page: the same
  /// movies, counts and warnings whichever way they are read.
  @Test(arguments: ["catalogue", "fixture"])
  func theParserGivesTheSameMoviesEitherWay(_ which: String) throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let data =
      which == "catalogue"
      ? try Data(contentsOf: root.appendingPathComponent("sample-data/catalogue.json"))
      : try Fixture.data("page-normal.json")
    #expect(PlainHoppinPage(data) != nil)
    let (fast, slow) = try bothWays(String(decoding: data, as: UTF8.self))
    #expect(fast.movies.count > 2)
    #expect(fast.movies == slow.movies)
    #expect(fast.rowCount == slow.rowCount && fast.totalCount == slow.totalCount)
    #expect(fast.warnings == slow.warnings)
  }
}
