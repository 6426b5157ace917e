import Foundation
import Testing

@testable import MovieSources
@testable import MoviesCore

/// A Plex Media Server's `MediaContainer` answers, shaped like recorded ones, read into
/// sections, movies, genres and details, with what an untrusted server may send instead.
@Suite(.timeLimit(.minutes(1))) struct PlexParserTests {
  private let machine = "5f1b2c3d4e5f60718293a4b5c6d7e8f901234567"

  private func page() throws -> MoviePage {
    try PlexParser.page(try Fixture.data("plex-page.json"), page: 2, machineIdentifier: machine)
  }

  @Test func aFullFilmBecomesAMovieWithItsWatchedState() throws {
    let page = try page()
    #expect(page.totalCount == 58_788)
    #expect(page.rowCount == 9)
    let movie = try #require(page.movies.first)
    #expect(movie.id == "108")
    #expect(movie.title == "Interstate 60")
    #expect(movie.genres == ["Adventure", "Comedy"])
    #expect(movie.rating == 8.1, "the audience's rating, as Plex's list shows it")
    #expect(movie.releaseDate == "2002-04-13")
    #expect(movie.runningTime == 84, "5,062,000 ms is 84 minutes")
    #expect(movie.grade == "R")
    #expect(movie.overview == "An aspiring painter meets various characters.")
    #expect(movie.thumbnail == "/library/metadata/108/thumb/1663510739")
    #expect(movie.playback == Playback(played: false, position: 1_234, length: 5_062))
    #expect(movie.otherFields[PlexParser.streamField] == "/library/parts/108/1579478991/file.mkv")
    #expect(
      movie.link
        == "https://app.plex.tv/desktop#!/server/\(machine)/details?key=%2Flibrary%2Fmetadata%2F108"
    )
  }

  @Test func aFilmWatchedOutIsPlayedAndOddValuesAreDropped() throws {
    let movies = try page().movies
    let bunny = movies[1]
    #expect(bunny.playback?.summary == "Played")
    #expect(bunny.releaseDate == "2008", "the year when there is no date")
    let dream = movies[2]
    #expect(dream.releaseDate == "2006", "a malformed date gives way to the year")
    #expect(dream.rating == nil, "42 is no rating out of 10")
    #expect(dream.thumbnail == nil, "a poster off the server")
    #expect(dream.runningTime == nil)
    #expect(dream.playback == Playback(played: false, position: 0, length: nil))
    let sintel = movies[3]
    #expect(sintel.thumbnail == nil, "a path holding a control byte")
    #expect(sintel.otherFields[PlexParser.streamField] == nil, "a part path naming another host")
  }

  @Test func filmsWithoutAUsableKeyOrTitleAreSkippedWithAWarning() throws {
    let page = try page()
    #expect(
      page.movies.map(\.title) == [
        "Interstate 60", "Big Buck Bunny", "Elephants Dream", "Sintel", "Numeric Key",
      ])
    #expect(page.movies.last?.id == "61")
    #expect(page.warnings.count == 4)
    #expect(page.warnings.first?.contains("page 2, position 5") == true)
    #expect(page.warnings.allSatisfy { !$0.unicodeScalars.contains { $0.value < 0x20 } })
  }

  @Test func warningsNameTenFilmsAndCountTheRest() throws {
    let rows = (0..<25).map { _ in "{\"title\": \"\"}" }.joined(separator: ",")
    let data = Data("{\"MediaContainer\": {\"size\": 25, \"Metadata\": [\(rows)]}}".utf8)
    let page = try PlexParser.page(data, page: 1, machineIdentifier: nil)
    #expect(page.warnings.count == 11)
    #expect(
      page.warnings.last == "Skipped 15 more films of page 1 without a usable ratingKey or title.")
  }

  @Test func anEmptyContainerIsAnEmptyPageAndAnythingElseIsUnreadable() throws {
    let empty = try PlexParser.page(
      try Fixture.data("plex-empty-page.json"), page: 7, machineIdentifier: machine)
    #expect(empty.movies.isEmpty && empty.rowCount == 0 && empty.totalCount == 60)
    #expect(throws: PlexParser.Error.notJSON) {
      try PlexParser.page(try Fixture.data("error-page.html"), page: 1, machineIdentifier: nil)
    }
    #expect(throws: PlexParser.Error.notAMediaContainer) {
      try PlexParser.page(Data("{\"Metadata\": []}".utf8), page: 1, machineIdentifier: nil)
    }
    let xml = Data("<?xml version=\"1.0\"?><MediaContainer size=\"0\" />".utf8)
    #expect(throws: PlexParser.Error.notJSON) { try PlexParser.movieSections(xml) }
  }

  @Test func onlyMovieSectionsWithKeysFitForAPath() throws {
    let sections = try PlexParser.movieSections(try Fixture.data("plex-sections.json"))
    #expect(
      sections == [
        PlexParser.Section(key: "1", title: "Movies"),
        PlexParser.Section(key: "7", title: "Films 4K"),
      ])
  }

  @Test func genresAreKeyAndTitle() throws {
    let genres = try PlexParser.genres(try Fixture.data("plex-genres.json"))
    #expect(genres == [Genre(id: "177", name: "Adventure"), Genre(id: "6", name: "Comedy")])
  }

  /// Plex lists a film's extras with their `extraType`: 1 is a trailer, 5 behind the scenes.
  @Test func theTrailerIsTheExtraOfTypeOne() throws {
    func extras(_ list: String) throws -> String? {
      let data = Data(
        #"{"MediaContainer":{"Metadata":[{"ratingKey":"7","title":"Kid","Extras":{"Metadata":[\#(list)]}}]}}"#
          .utf8)
      return try PlexParser.details(data, adding: Movie(title: "Kid"), machineIdentifier: nil)
        .trailer
    }
    let making = #"{"extraType":5,"Media":[{"Part":[{"key":"/library/parts/9/1/making.mp4"}]}]}"#
    let trailer = #"{"extraType":1,"Media":[{"Part":[{"key":"/library/parts/9/1/trailer.mp4"}]}]}"#
    let elsewhere = #"{"extraType":1,"Media":[{"Part":[{"key":"//evil.example/t.mp4"}]}]}"#
    #expect(try extras(making + "," + trailer) == "/library/parts/9/1/trailer.mp4")
    #expect(try extras(making) == nil)
    #expect(try extras(elsewhere) == nil, "a trailer's path must stay on the server")
  }

  @Test func theMachineIdentifierMustBePlain() throws {
    #expect(try PlexParser.machineIdentifier(try Fixture.data("plex-identity.json")) == machine)
    let odd = Data("{\"MediaContainer\": {\"machineIdentifier\": \"a/b?c\"}}".utf8)
    #expect(try PlexParser.machineIdentifier(odd) == nil)
  }

  @Test func detailsAddTaglineDirectorsTheCastAndCriticsRating() throws {
    let listed = try #require(try page().movies.first)
    let movie = try PlexParser.details(
      try Fixture.data("plex-metadata.json"), adding: listed, machineIdentifier: machine)
    #expect(movie.tagline == "It began as a wish, became an adventure.")
    #expect(movie.directors == ["Bob Gale"])
    #expect(
      movie.cast == [
        "James Marsden", "Gary Oldman", "Amy Smart", "Christopher Lloyd", "Chris Cooper",
        "Matthew Edison",
      ])
    #expect(movie.trailer == nil, "asked without extras")
    #expect(movie.otherFields[PlexParser.criticRatingField] == Format.rating(7.7))
    #expect(movie.overview?.hasSuffix("learns valuable lessons.") == true)
    #expect(movie.playback?.summary == "Played", "the details' own watched state")
    #expect(movie.otherFields[PlexParser.streamField] == listed.otherFields[PlexParser.streamField])
    #expect(throws: PlexParser.Error.notAMediaContainer) {
      try PlexParser.details(
        try Fixture.data("plex-empty-page.json"), adding: listed, machineIdentifier: machine)
    }
  }
}
