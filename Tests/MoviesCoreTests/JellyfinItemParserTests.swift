import Foundation
import Testing

@testable import MovieSources
@testable import MoviesCore

/// Jellyfin's `BaseItemDtoQueryResult` and `UserDto` read into movies, users and genres, with
/// what an untrusted server may send instead.
@Suite(.timeLimit(.minutes(1))) struct JellyfinItemParserTests {
  private func media() throws -> URL { try #require(URL(string: "http://media.local:8096")) }

  @Test func aFullItemBecomesAMovieWithItsWatchedState() throws {
    let page = try JellyfinItemParser.page(
      try Fixture.data("jellyfin-items.json"), server: try media())
    #expect(page.totalCount == 58_788)
    #expect(page.rowCount == 7)
    let movie = try #require(page.movies.first)
    #expect(movie.id == "0ad6928dade7ea9dd464858004282ab9")
    #expect(movie.title == "Godfather, The")
    #expect(movie.genres == ["Drama"])
    #expect(movie.rating == 9.1)
    #expect(movie.releaseDate == "1972")
    #expect(movie.runningTime == 134)
    #expect(movie.grade == "R")
    #expect(movie.overview == "A family.")
    #expect(movie.playback == Playback(played: false, position: 4_325, length: 8_040))
    #expect(movie.playback?.summary == "Stopped at 1:12:05 of 2:14:00")
    #expect(
      movie.thumbnail
        == "Items/0ad6928dade7ea9dd464858004282ab9/Images/Primary?maxWidth=400&quality=90"
        + "&tag=af498889110f86f458d0f53deab88b1e")
    #expect(
      movie.link
        == "http://media.local:8096/web/#/details?id=0ad6928dade7ea9dd464858004282ab9"
        + "&serverId=f0e1d2c3b4a5968778695a4b3c2d1e0f")
  }

  /// `People` holds every kind of person: only `Type` says who directed and who acted.
  @Test func peopleTrailersTaglinesAndTheIMDbID() throws {
    let data = Data(
      """
      {"Items":[{"Id":"0ad6928dade7ea9dd464858004282ab9","Name":"Godfather, The",
        "People":[{"Name":"Francis Ford Coppola","Type":"Director"},
          {"Name":"Albert S. Ruddy","Type":"Producer"},{"Name":"Marlon Brando","Type":"Actor"},
          {"Name":null,"Type":"Actor"},{"Name":"Al Pacino","Type":"Actor"}],
        "RemoteTrailers":[{"Name":"Trailer"},{"Url":"https://www.youtube.com/watch?v=sY1S34973zA"}],
        "Taglines":["An offer you can't refuse."],"ProviderIds":{"Imdb":"tt0068646","Tmdb":"238"}},
       {"Id":"1ad6928dade7ea9dd464858004282ab9","Name":"Bare"}],"TotalRecordCount":2}
      """.utf8)
    let movies = try JellyfinItemParser.page(data, server: try media()).movies
    let movie = try #require(movies.first)
    #expect(movie.directors == ["Francis Ford Coppola"])
    #expect(movie.cast == ["Marlon Brando", "Al Pacino"])
    #expect(movie.trailer == "https://www.youtube.com/watch?v=sY1S34973zA")
    #expect(movie.tagline == "An offer you can't refuse.")
    #expect(movie.imdbID == "tt0068646")
    let bare = try #require(movies.last)
    #expect(bare.directors.isEmpty && bare.cast.isEmpty && bare.trailer == nil)
  }

  @Test func itemsWithoutAnIdANameOrWithAnIdUnfitForAPathAreSkipped() throws {
    let page = try JellyfinItemParser.page(
      try Fixture.data("jellyfin-items.json"), server: try media())
    #expect(page.movies.map(\.title) == ["Godfather, The", "Seen It", "Bare"])
    #expect(page.warnings.count == 4)
    let seen = page.movies[1]
    #expect(seen.thumbnail == nil, "no Primary tag, no poster")
    #expect(seen.playback?.summary == "Played")
    let bare = page.movies[2]
    #expect(bare.releaseDate == nil)
    #expect(bare.runningTime == nil)
    #expect(bare.rating == nil)
    #expect(bare.playback == nil, "no UserData without a user")
  }

  @Test func answersThatAreNotQueryResultsAreErrors() {
    #expect(throws: JellyfinItemParser.Error.notJSON) {
      try JellyfinItemParser.page(Data("<html>".utf8), server: try media())
    }
    #expect(throws: JellyfinItemParser.Error.notAQueryResult) {
      try JellyfinItemParser.page(Data(#"{"Items":{}}"#.utf8), server: try media())
    }
    #expect(throws: JellyfinItemParser.Error.notAUser) {
      try JellyfinItemParser.users(Data(#"{"Name":"x"}"#.utf8))
    }
  }

  @Test func usersAndGenres() throws {
    let users = try JellyfinItemParser.users(
      Data(#"[{"Name":"alice","Id":"53c1"},{"Name":"x","Id":"no/"},{"Id":"ab"}]"#.utf8))
    #expect(users.map(\.name) == ["alice"])
    let genres = try JellyfinItemParser.genres(
      Data(#"{"Items":[{"Name":"Drama","Id":"d83d"},{"Name":"Bad"}],"TotalRecordCount":2}"#.utf8))
    #expect(genres == [Genre(id: "d83d", name: "Drama")])
  }

  @Test func playbackSummaries() {
    #expect(Playback(played: false).summary == "Not played")
    #expect(Playback(played: false, position: 59, length: nil).summary == "Stopped at 0:59")
    #expect(Playback(played: true, position: 100, length: 200).resumePosition == 0)
    #expect(Playback(played: false, position: 100, length: 200).resumePosition == 100)
    #expect(Playback(played: false, position: -5).position == 0)
  }

  @Test func theAuthorizationHeaderHidesItsTokenAndRefusesOneThatWouldBreakIt() throws {
    let auth = try JellyfinAuthorization(
      token: "abc123", device: "my \"box\"\r\nX: y", deviceID: "id-1", version: "0.1.0")
    #expect(
      auth.headerLine
        == #"Authorization: MediaBrowser Client="movies", Device="my boxX: y", DeviceId="id-1", "#
        + #"Version="0.1.0", Token="abc123""#)
    #expect(!auth.description.contains("abc123"))
    #expect(!"\(auth)".contains("abc123"))
    for bad in ["", "a\"b", "a\r\nX-Evil: 1", "tok en", "ключ"] {
      #expect(throws: UnusableToken()) {
        try JellyfinAuthorization(token: bad, device: "d", deviceID: "i", version: "v")
      }
    }
  }
}
