import Foundation
import Testing

@testable import MovieSources
@testable import MoviesCore

/// `/movie/{id}?append_to_response=credits,videos,watch/providers` read into a movie: the
/// details, the directors and cast, the trailer and where it streams, as data.
@Suite(.timeLimit(.minutes(1))) struct TMDbDetailsParserTests {
  private let fightClub = Movie(id: "550", title: "Fight Club", overview: "From the list.")

  private func details(_ json: String, region: String = "US") throws -> Movie {
    try TMDbParser.details(Data(json.utf8), adding: fightClub, region: region)
  }

  @Test func detailsAddWhatTheListLacksUnderTMDbsNames() throws {
    let movie = try details(
      #"{"runtime":139,"tagline":"Mischief.","imdb_id":"tt0137523","budget":63000000,"revenue":0,"status":"Released","overview":"Full."}"#
    )
    #expect(movie.runningTime == 139)
    #expect(movie.tagline == "Mischief.")
    #expect(movie.imdbID == "tt0137523")
    #expect(movie.overview == "Full.")
    #expect(movie.otherFields == ["budget": "63000000", "status": "Released"])
    #expect(movie.providers == nil, "nothing appended, nothing known")
  }

  @Test func directorsOnceAndTheCastInBillingOrder() throws {
    let movie = try details(
      """
      {"credits":{"cast":[{"name":"Edward Norton","order":1},{"name":"Brad Pitt","order":0},
        {"name":null,"order":2},{"name":"Helena Bonham Carter","order":2}],
       "crew":[{"name":"David Fincher","job":"Director"},{"name":"Jim Uhls","job":"Screenplay"},
        {"name":"David Fincher","job":"Director"},{"name":"Ren Klyce","job":"Sound Designer"}]}}
      """)
    #expect(movie.directors == ["David Fincher"])
    #expect(movie.cast == ["Brad Pitt", "Edward Norton", "Helena Bonham Carter"])
  }

  @Test func theCastIsCutToTheFirstTwenty() throws {
    let cast = (0..<30).map { #"{"name":"Actor \#($0)","order":\#($0)}"# }.joined(separator: ",")
    let movie = try details(#"{"credits":{"cast":[\#(cast)],"crew":[]}}"#)
    #expect(movie.cast.count == TMDbParser.castKept)
    #expect(movie.cast.first == "Actor 0")
  }

  @Test func theTrailerIsTheFirstOfficialYouTubeTrailer() throws {
    let movie = try details(
      """
      {"videos":{"results":[
        {"site":"YouTube","type":"Teaser","key":"teaser1","official":true},
        {"site":"Vimeo","type":"Trailer","key":"vimeo1","official":true},
        {"site":"YouTube","type":"Trailer","key":"fan1","official":false},
        {"site":"YouTube","type":"Trailer","key":"BdJKm16Co6M","official":true},
        {"site":"YouTube","type":"Trailer","key":"later","official":true}]}}
      """)
    #expect(movie.trailer == "https://www.youtube.com/watch?v=BdJKm16Co6M")
  }

  @Test func anUnofficialTrailerWhenThereIsNoOfficialOne() throws {
    let movie = try details(
      #"{"videos":{"results":[{"site":"YouTube","type":"Trailer","key":"fan1","official":false}]}}"#
    )
    #expect(movie.trailer == "https://www.youtube.com/watch?v=fan1")
  }

  @Test func aKeyThatIsNotAYouTubeIDIsNoTrailer() throws {
    let movie = try details(
      #"{"videos":{"results":[{"site":"YouTube","type":"Trailer","key":"x&list=1","official":true}]}}"#
    )
    #expect(movie.trailer == nil)
  }

  @Test func providersForTheRegionAsListsOfNames() throws {
    let offers = """
      {"watch/providers":{"results":{"US":{"link":"https://www.themoviedb.org/movie/550/watch?locale=US",
        "flatrate":[{"provider_name":"Netflix"},{"provider_name":"Mubi"}],
        "buy":[{"provider_name":"Apple TV"}]},"GB":{"rent":[{"provider_name":"Rakuten TV"}]}}}}
      """
    let us = try #require(try details(offers).providers)
    #expect(us.region == "US")
    #expect(us.stream == ["Netflix", "Mubi"])
    #expect(us.rent.isEmpty)
    #expect(us.buy == ["Apple TV"])
    #expect(us.link == "https://www.themoviedb.org/movie/550/watch?locale=US")
    #expect(us.summary == "Stream: Netflix, Mubi; Buy: Apple TV (US, data by JustWatch)")
    let korea = try #require(try details(offers, region: "KR").providers)
    #expect(korea.stream.isEmpty && korea.rent.isEmpty && korea.buy.isEmpty)
    #expect(korea.summary == "Not offered to stream, rent or buy in KR (data by JustWatch)")
  }

  @Test func anAnswerThatIsNotAnObjectIsUnreadable() {
    #expect(throws: TMDbParser.Unreadable.self) { try details("[1]") }
  }
}
