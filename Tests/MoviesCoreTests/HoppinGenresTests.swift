import Foundation
import Testing

@testable import MovieSources
@testable import MoviesCore

@Suite(.timeLimit(.minutes(1))) struct HoppinGenresTests {
  @Test(arguments: [
    ("http://127.0.0.1:8080/hoppin/movies", "http://127.0.0.1:8080/hoppin/genres"),
    ("https://api.example/v2/hoppin/movies?key=abc", "https://api.example/v2/hoppin/genres"),
  ])
  func theGenreListIsBesideTheMoviesEndpoint(api: String, expected: String) throws {
    let url = try #require(URL(string: api))
    let client = HoppinClient(apiURL: url, engine: try HTTPEngine())
    let genres = HoppinGenres(apiURL: url, http: client.http)
    #expect(genres.url.absoluteString == expected)
  }

  @Test func aGenreListIsParsedAndIncompleteEntriesAreLeftOut() throws {
    let body = #"{"genres":[{"genreId":1,"genreName":"Action"},{"genreId":"2"},"x"]}"#
    #expect(try GenreListParser.parse(Data(body.utf8)) == [Genre(id: "1", name: "Action")])
    #expect(throws: GenreListParser.Error.notAGenreList) {
      try GenreListParser.parse(Data(#"{"hoppin":{}}"#.utf8))
    }
  }
}
