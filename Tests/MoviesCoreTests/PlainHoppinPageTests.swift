import Foundation
import Testing

@testable import MoviesCore

/// The fast reader of plain Hoppin pages reads what `JSONSerialization` reads, field for
/// field, and gives up on anything else, which then goes the old way.
@Suite(.timeLimit(.minutes(1))) struct PlainHoppinPageTests {
  /// The rows as `JSONSerialization` reads them, null fields left out.
  private func serialized(_ text: String) throws -> [[String: String]] {
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let movies = (root["hoppin"] as? [String: Any])?["movies"] as? [String: Any]
    let rows = try #require(movies?["movie"] as? [[String: Any]])
    return rows.map { $0.compactMapValues { $0 as? String } }
  }

  @Test(arguments: [
    #"{"hoppin":{"order":"releasedateasc","movies":{"movie":[{"movieId":"1","title":"Heat"}]},"totalCount":"1"}}"#,
    #" { "hoppin" : { "movies" : { "movie" : [ ] } , "totalCount" : null } } "#,
    #"{"hoppin":{"movies":{"movie":[{"title":"Am\u00e9lie \"2\" \\ \/ \n\t","x":null},{"title":"🎬 올드보이 \ud83c\udfac"}]}}}"#,
    #"{"other":"x","hoppin":{"movies":{"movie":[{"title":"A","title":"B"}],"note":"n"}}}"#,
  ])
  func readsWhatJSONSerializationReads(text: String) throws {
    let plain = try #require(PlainHoppinPage(Data(text.utf8)))
    let rows = plain.rows.compactMap { ($0 as? [String: Any])?.compactMapValues { $0 as? String } }
    #expect(rows == (try serialized(text)))
    let root = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    #expect(plain.totalCount == (root?["hoppin"] as? [String: Any])?["totalCount"] as? String)
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
    let text = String(decoding: data, as: UTF8.self)
    #expect(PlainHoppinPage(data) != nil)
    let fast = try MoviePageParser.parse(data, page: 1)
    // A number in one more field sends the page the old way.
    let slow = try MoviePageParser.parse(
      Data(text.replacingOccurrences(of: "\"hoppin\":", with: "\"n\":0,\"hoppin\":").utf8),
      page: 1)
    #expect(fast.movies.count > 2)
    #expect(fast.movies == slow.movies)
    #expect(fast.rowCount == slow.rowCount && fast.totalCount == slow.totalCount)
    #expect(fast.warnings == slow.warnings)
  }
}
