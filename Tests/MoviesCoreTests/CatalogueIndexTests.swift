import Foundation
import Testing

@testable import MovieSources
@testable import MoviesCore

/// The index that lets the offline catalogue parse only the page asked for.
@Suite(.timeLimit(.minutes(1))) struct CatalogueIndexTests {
  private func index(_ text: String) -> CatalogueIndex? {
    CatalogueIndex(Data(text.utf8))
  }

  private func slices(_ text: String) throws -> [String] {
    let data = Data(text.utf8)
    let index = try #require(CatalogueIndex(data))
    return index.movies.map { String(decoding: data[$0], as: UTF8.self) }
  }

  @Test func findsEachMovieAndTheOrder() throws {
    let text = """
      {"hoppin":{"order":"releasedateasc","movies":{"movie":[
        {"title":"A"} ,
        {"title":"B","nested":{"list":[1,{"x":"]}"}]}},
        {"title":"C \\" ] } , \\\\"}
      ]},"totalCount":"3"}}
      """
    #expect(index(text)?.order == "releasedateasc")
    #expect(
      try slices(text) == [
        #"{"title":"A"}"#, #"{"title":"B","nested":{"list":[1,{"x":"]}"}]}}"#,
        #"{"title":"C \" ] } , \\"}"#,
      ])
  }

  @Test func aQuoteEndsAStringOnlyAfterAnEvenRunOfBackslashes() throws {
    let movies = [
      #"{"t":"\\\\"}"#, #"{"t":"\\\"}"}"#, #"{"t":"\\\\\"}]"}"#, #"{"t":"\"","u":"\\"}"#,
      #"{"t":""}"#,
    ]
    #expect(
      try slices(#"{"hoppin":{"movies":{"movie":["# + movies.joined(separator: ",") + "]}}}")
        == movies)
  }

  @Test func keysMayComeInAnyOrderAndOthersAreSkipped() throws {
    let text =
      #"{"x":[{"movie":[{}]}],"hoppin":{"totalCount":2,"movies":{"y":null,"movie":[1,"two"]}}}"#
    #expect(index(text)?.order == nil)
    #expect(try slices(text) == ["1", #""two""#])
  }

  @Test func anEmptyListHasNoMovies() throws {
    #expect(try slices(#"{"hoppin":{"movies":{"movie":[]}}}"#).isEmpty)
  }

  @Test(arguments: [
    "", "[]", #"{"hoppin":[]}"#, #"{"hoppin":{"movies":{"movie":[{"a":1}"#,
    #"{"hoppin":{"movies":{"movie":[{"a":"unterminated}]}}}"#, #"{"hoppin":{"movies":{}}}"#,
    #"{"hoppin":{"movies":{"movie":[,]}}}"#, #"{"hoppin":{"order":"a\"b","movies":{"movie":[]}}}"#,
  ])
  func anythingUnexpectedGivesNoIndex(text: String) {
    #expect(index(text) == nil)
  }

  @Test func deepNestingIsSkippedWithoutRecursion() throws {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(try slices(#"{"hoppin":{"movies":{"movie":["# + deep + "]}}}").count == 1)
  }

  @Test func theBundledCatalogueIsIndexedLikeItParses() throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("sample-data/catalogue.json")
    let data = try Data(contentsOf: file)
    let index = try #require(CatalogueIndex(data))
    let whole = try MoviePageParser.parse(data)
    #expect(index.order == "releasedateasc")
    #expect(index.movies.count == whole.movies.count)
    for (range, movie) in zip(index.movies, whole.movies).prefix(50) {
      let one = try MoviePageParser.parse(
        Data(#"{"hoppin":{"movies":{"movie":["#.utf8) + data[range] + Data("]}}}".utf8))
      #expect(one.movies == [movie])
    }
  }
}
