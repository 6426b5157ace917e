import Foundation
import Testing

@testable import MovieSources
@testable import MoviesCore

/// The sources' readers of TV answers (Jellyfin's items, Plex's metadata, TMDb's TV
/// documents), in the shapes the APIs document, and what a hostile server sends instead:
/// numbers out of range, a season listed twice, a series listed as its own season.
@Suite(.timeLimit(.minutes(1))) struct SeriesParserTests {
  private let huge = "1e30"

  private func data(_ text: String) -> Data { Data(text.utf8) }

  @Test func jellyfinSeriesAndEpisodesCarryTheirKindPlaceAndCounts() throws {
    let server = try #require(URL(string: "http://media.local:8096"))
    let page = try JellyfinItemParser.page(
      data(
        """
        {"Items":[
          {"Id":"aa01","Name":"Thrones of Ash","Type":"Series","ChildCount":5,
           "RecursiveItemCount":50,"ProductionYear":2011,
           "UserData":{"UnplayedItemCount":46,"Played":false,"PlaybackPositionTicks":0}},
          {"Id":"bb02","Name":"Old Debts","Type":"Episode","SeriesId":"aa01",
           "SeriesName":"Thrones of Ash","ParentIndexNumber":2,"IndexNumber":3,
           "RunTimeTicks":13800000000,"PremiereDate":"2012-04-08T00:00:00.0000000Z",
           "UserData":{"Played":false,"PlaybackPositionTicks":4600000000}},
          {"Id":"cc03","Name":"Missing","Type":"Episode","LocationType":"Virtual",
           "SeriesName":"Thrones of Ash","ParentIndexNumber":\(huge),"IndexNumber":-4}
        ],"TotalRecordCount":3}
        """), server: server)
    let series = try #require(page.movies.first)
    #expect(series.kind == .series)
    #expect(series.seriesCounts == SeriesCounts(seasons: 5, episodes: 50, seen: 4))
    #expect(series.playback == nil, "a series is not played itself")
    let episode = page.movies[1]
    #expect(episode.kind == .episode)
    #expect(episode.identity == TitleID(.episode, "bb02"))
    #expect(
      episode.episode
        == EpisodePlace(seriesID: "aa01", seriesTitle: "Thrones of Ash", season: 2, episode: 3))
    #expect(episode.releaseDate == "2012-04-08")
    #expect(episode.runningTime == 23)
    #expect(episode.playback?.position == 460)
    let missing = page.movies[2]
    #expect(missing.episode?.season == 0 && missing.episode?.episode == 0, "out of range: unknown")
    #expect(missing.otherFields[JellyfinItemParser.missingField] != nil)
    let authorization = try JellyfinAuthorization(
      token: "t", device: "d", deviceID: "d", version: "1")
    let client = JellyfinClient(
      server: server, authorization: authorization, userID: "u1",
      http: JellyfinClient.http(authorization: authorization, engine: try HTTPEngine()))
    #expect(client.stream(for: episode) != nil)
    #expect(client.stream(for: missing) == nil, "no file, no stream")
    #expect(client.stream(for: series) == nil, "a series is played through its next episode")
  }

  @Test func jellyfinSeasonsLeaveOutTheSeriesItselfAndRepeats() throws {
    let seasons = try JellyfinItemParser.seasons(
      data(
        """
        {"Items":[
          {"Id":"AA-01","Name":"Thrones of Ash","Type":"Season","IndexNumber":1},
          {"Id":"b2","Name":"Season 2","Type":"Season","IndexNumber":2,"ChildCount":10},
          {"Id":"b1","Name":"Season 1","Type":"Season","IndexNumber":1,"ChildCount":\(huge)},
          {"Id":"b1b","Name":"Season 1 again","Type":"Season","IndexNumber":1},
          {"Id":"b9","Name":"Beyond","Type":"Season","IndexNumber":123456},
          {"Id":"e1","Name":"An episode","Type":"Episode","IndexNumber":3}
        ]}
        """), series: "aa01")
    #expect(seasons.map(\.number) == [1, 2])
    #expect(seasons.map(\.id) == ["b1", "b2"])
    #expect(seasons.first?.episodeCount == nil, "a count out of range is unknown")
    #expect(seasons.last?.episodeCount == 10)
  }

  @Test func aHostileSeasonListIsCut() throws {
    let items = (0..<5_000).map {
      "{\"Id\":\"\(String($0, radix: 16))\",\"Type\":\"Season\",\"IndexNumber\":\($0)}"
    }
    let seasons = try JellyfinItemParser.seasons(
      data("{\"Items\":[\(items.joined(separator: ","))]}"), series: "ffff99")
    #expect(seasons.count == Season.largestList)
  }

  @Test func plexShowsSeasonsEpisodesAndOnDeck() throws {
    let machine = "m1"
    let page = try PlexParser.page(
      data(
        """
        {"MediaContainer":{"size":2,"totalSize":2,"Metadata":[
          {"ratingKey":"50000","type":"show","title":"Thrones of Ash","leafCount":50,
           "viewedLeafCount":7,"childCount":5,"viewCount":3},
          {"ratingKey":"100051","type":"episode","title":"Arrival","grandparentTitle":
           "Thrones of Ash","grandparentRatingKey":"50000","parentIndex":1,"index":1,
           "duration":1380000,"viewOffset":60000}
        ]}}
        """), page: 1, machineIdentifier: machine)
    let show = try #require(page.movies.first)
    #expect(show.kind == .series)
    #expect(show.seriesCounts == SeriesCounts(seasons: 5, episodes: 50, seen: 7))
    #expect(show.playback == nil)
    let episode = page.movies[1]
    #expect(episode.episode?.code == "S01E01")
    #expect(episode.episode?.series == TitleID(.series, "50000"))
    #expect(episode.playback?.position == 60)
    #expect(episode.otherFields[PlexParser.missingField] != nil, "no Media: no file")

    let seasons = try PlexParser.seasons(
      data(
        """
        {"MediaContainer":{"Metadata":[
          {"key":"/library/metadata/50000/allLeaves","title":"All episodes","leafCount":50},
          {"ratingKey":"50000","type":"season","title":"Thrones of Ash","index":1},
          {"ratingKey":"50002","type":"season","title":"Season 2","index":2,"leafCount":10},
          {"ratingKey":"50001","type":"season","title":"Season 1","index":1,"leafCount":-3},
          {"ratingKey":"50003","type":"season","title":"Season ?","index":\(huge)}
        ]}}
        """), show: "50000")
    #expect(seasons.map(\.id) == ["50001", "50002"])
    #expect(seasons.first?.episodeCount == nil)

    let deck = try PlexParser.onDeck(
      data(
        """
        {"MediaContainer":{"Metadata":[{"ratingKey":"50000","type":"show","title":"T",
          "OnDeck":{"Metadata":[{"ratingKey":"100052","type":"episode","title":"Two",
          "parentIndex":1,"index":2,"grandparentRatingKey":"50000","grandparentTitle":"T"}]}}]}}
        """), machineIdentifier: machine)
    #expect(deck?.identity == TitleID(.episode, "100052"))
    let none = try PlexParser.onDeck(
      data("{\"MediaContainer\":{\"Metadata\":[{\"ratingKey\":\"1\",\"title\":\"T\"}]}}"),
      machineIdentifier: machine)
    #expect(none == nil)
  }

  @Test func plexCountsOutOfRangeAreUnknown() throws {
    let page = try PlexParser.page(
      data(
        """
        {"MediaContainer":{"Metadata":[{"ratingKey":"1","type":"show","title":"S",
          "leafCount":4,"viewedLeafCount":9,"childCount":\(huge)}]}}
        """), page: 1, machineIdentifier: nil)
    #expect(page.movies.first?.seriesCounts == SeriesCounts(seasons: nil, episodes: 4, seen: nil))
  }

  @Test func tmdbSeriesRowsReadNameAndFirstAirDate() throws {
    let row = [
      "id": "1399", "name": "Thrones of Ash", "first_air_date": "2011-04-17",
      "original_name": "Thrones", "genre_ids": "18", "poster_path": "/s1399.png",
    ]
    var context = TMDbParser.RowContext(genreNames: ["18": "Drama"], posterBase: "http://i/w342")
    context.siteURL = "https://www.themoviedb.org"
    let series = try #require(TMDbParser.movie(row, context: context, kind: .series))
    #expect(series.identity == TitleID(.series, "1399"))
    #expect(series.releaseDate == "2011-04-17")
    #expect(series.link == "https://www.themoviedb.org/tv/1399")
    #expect(series.otherFields["original_name"] == "Thrones")
    #expect(
      TMDbParser.movie(["id": "1", "title": "A film"], context: context, kind: .series) == nil)
    #expect(TMDbClient.stillBase("http://i/t/p/w342") == "http://i/t/p/w300")
  }

  @Test func tmdbDetailsSeasonsAndEpisodesAreBounded() throws {
    let document = data(
      """
      {"id":1399,"name":"Thrones of Ash","overview":"Ash.","first_air_date":"2011-04-17",
       "created_by":[{"name":"Mara Quist"}],"episode_run_time":[55],
       "number_of_seasons":2,"number_of_episodes":\(huge),
       "seasons":[{"id":1399,"name":"Thrones of Ash","season_number":1,"episode_count":10},
                  {"id":2,"name":"Season 2","season_number":2,"episode_count":8},
                  {"id":1,"name":"Season 1","season_number":1,"episode_count":10},
                  {"id":0,"name":"Specials","season_number":0},
                  {"id":9,"name":"Far","season_number":-\(huge)}],
       "credits":{"cast":[{"name":"Lena Hart","order":0}],"crew":[]}}
      """)
    let row = Movie(id: "1399", title: "Thrones of Ash", kind: .series)
    let details = try TMDbParser.seriesDetails(document, adding: row, region: "US")
    #expect(details.creators == ["Mara Quist"])
    #expect(details.cast == ["Lena Hart"])
    #expect(details.runningTime == 55)
    #expect(details.seriesCounts == SeriesCounts(seasons: 2, episodes: nil))
    #expect(details.kind == .series)
    let seasons = try TMDbParser.seasons(document)
    #expect(seasons.map(\.number) == [0, 1, 2], "each number once, in order")

    let listing = MovieQuery.SeasonListing(
      series: TitleID(.series, "1399"), seriesTitle: "Thrones of Ash", season: Season(number: 2))
    let episodes = try TMDbParser.episodes(
      data(
        """
        {"episodes":[
          {"id":1399,"name":"Thrones of Ash","episode_number":1,"season_number":2},
          {"id":501,"name":"One","episode_number":1,"season_number":2,"runtime":1e300,
           "air_date":"2012-04-01","still_path":"/e501.png"},
          {"id":501,"name":"One again","episode_number":1,"season_number":2},
          {"id":502,"name":"Two","episode_number":\(huge),"season_number":-\(huge)}
        ]}
        """), series: listing, stillBase: "http://i/w300")
    #expect(episodes.map(\.id) == ["501", "502"])
    #expect(episodes.first?.thumbnail == "http://i/w300/e501.png")
    #expect(episodes.first?.runningTime == nil)
    #expect(
      episodes.last?.episode
        == EpisodePlace(
          seriesID: "1399", seriesTitle: "Thrones of Ash", season: 2, episode: 0))
  }
}
