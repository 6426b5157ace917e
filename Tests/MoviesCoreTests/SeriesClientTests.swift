import Foundation
import TestSupport
import Testing

@testable import MovieSources
@testable import MoviesCore

/// The TMDb, Jellyfin and Plex adapters' series against the local servers, checked in their
/// request logs: the series list, a series' seasons, a season's episodes, the next episode,
/// `continue` with episodes, a season the server lacks, a series without episodes, an episode
/// without a file, and the hostile servers' answers bounded.
@Suite(.timeLimit(.minutes(2))) struct SeriesClientTests {
  private static func jellyfin(_ server: JellyfinTestServer) async throws -> JellyfinClient {
    let authorization = try JellyfinAuthorization(
      token: JellyfinTestServer.apiKey, device: "t", deviceID: "t", version: "1")
    let http = JellyfinClient.http(authorization: authorization, engine: try HTTPEngine())
    let id = try await JellyfinClient.userID(named: "alice", server: server.baseURL, http: http)
    return JellyfinClient(
      server: server.baseURL, authorization: authorization, userID: id, http: http)
  }

  private static func plex(_ server: PlexTestServer, library: String? = nil) async throws
    -> PlexClient
  {
    let headers = try PlexHeaders(
      token: PlexTestServer.token, clientIdentifier: "tests", version: "1")
    return try await PlexClient.connect(
      server: server.baseURL, headers: headers, library: library,
      http: PlexClient.http(headers: headers, engine: try HTTPEngine()))
  }

  private static func tmdb(_ server: TMDbTestServer) throws -> TMDbClient {
    TMDbClient(
      settings: .init(
        apiURL: server.apiURL,
        credential: TMDbCredential(
          kind: .apiKey, secret: TMDbTestServer.apiKey, origin: "TMDB_API_KEY")),
      engine: try HTTPEngine())
  }

  private static let seriesQuery = MovieQuery(listing: .titles(.series), pageSize: 10)

  private static func episodes(of series: Movie, _ season: Season, size: Int = 10) -> MovieQuery {
    MovieQuery(
      listing: .episodes(
        .init(
          series: TitleID(.series, series.id ?? ""), seriesTitle: series.title, season: season)),
      pageSize: size)
  }

  @Test func jellyfinListsSeriesTheirSeasonsEpisodesAndNextUp() async throws {
    let server = try await JellyfinTestServer(limit: 10)
    let client = try await Self.jellyfin(server)
    var query = Self.seriesQuery
    query.order = "titleasc"
    let page = try await client.page(1, of: query)
    #expect(page.totalCount == 24)
    #expect(page.movies.allSatisfy { $0.kind == .series && $0.seriesCounts?.episodes != nil })
    let listed = try #require(server.itemRequests().last)
    #expect(listed.query["IncludeItemTypes"] == "Series" && listed.query["SortBy"] == "SortName")
    #expect(listed.query["Fields"]?.contains("RecursiveItemCount") == true)

    let thrones = try #require(
      try await client.page(
        1,
        of: {
          var q = query
          q.searchText = "thrones"
          return q
        }()
      )
      .movies.first)
    #expect(try server.itemRequests().last?.query["SearchTerm"] == "thrones")
    let seasons = try await client.seasons(of: thrones)
    #expect(seasons.map(\.number) == [1, 2, 3, 4, 5])
    let second = try await client.page(1, of: Self.episodes(of: thrones, seasons[1], size: 4))
    #expect(second.totalCount == 10 && second.movies.count == 4)
    #expect(second.movies.map { $0.episode?.code } == ["S02E01", "S02E02", "S02E03", "S02E04"])
    let asked = try #require(try server.requests().last { $0.path.hasSuffix("/Episodes") })
    #expect(asked.path == "/Shows/\(thrones.id ?? "")/Episodes")
    #expect(asked.query["SeasonId"] == seasons[1].id && asked.query["Limit"] == "4")

    let next = try #require(try await client.nextEpisode(of: thrones))
    #expect(next.episode?.code == "S01E01", "nothing seen: the first")
    let nextUp = try #require(try server.requests().last { $0.path == "/Shows/NextUp" })
    #expect(nextUp.query["SeriesId"] == thrones.id && nextUp.query["userId"]?.isEmpty == false)
    #expect(client.stream(for: next)?.url.path == "/Videos/\(next.id ?? "")/stream")
  }

  @Test func jellyfinContinueHoldsEpisodesThenNextUp() async throws {
    let server = try await JellyfinTestServer(limit: 10)
    let client = try await Self.jellyfin(server)
    let query = MovieQuery(listing: .continuing, pageSize: 50)
    let page = try await client.page(1, of: query)
    let kinds = page.movies.map(\.kind)
    #expect(kinds.contains(.episode) && kinds.contains(.film))
    let resume = try #require(try server.requests().last { $0.path == "/UserItems/Resume" })
    #expect(resume.query["IncludeItemTypes"] == "Movie,Episode")
    let nextUp = try #require(try server.requests().last { $0.path == "/Shows/NextUp" })
    #expect(nextUp.query["EnableResumable"] == "false")
    // Stopped part way first, then the next episodes, none twice.
    let stopped = page.movies.prefix { ($0.playback?.position ?? 0) > 0 }
    #expect(stopped.count >= 2)
    #expect(page.movies.dropFirst(stopped.count).allSatisfy { $0.kind == .episode })
    #expect(Set(page.movies.compactMap(\.identity)).count == page.movies.count)
    #expect(page.totalCount == page.movies.count)
  }

  @Test func jellyfinHostileSeriesAreBounded() async throws {
    let server = try await JellyfinTestServer(
      limit: 5, extraArguments: ["--series-fault", "self-season"])
    let client = try await Self.jellyfin(server)
    var query = Self.seriesQuery
    query.searchText = "thrones"
    let thrones = try #require(try await client.page(1, of: query).movies.first)
    let seasons = try await client.seasons(of: thrones)
    #expect(seasons.map(\.number) == [1, 2, 3, 4, 5])
    #expect(!seasons.contains { $0.id == thrones.id }, "the series is not its own season")
    // Asked for the series as a season anyway, the answer's seasons are not episodes.
    let itself = Season(number: 1, id: thrones.id)
    let page = try await client.page(1, of: Self.episodes(of: thrones, itself))
    #expect(page.movies.isEmpty && !page.warnings.isEmpty)

    let wild = try await JellyfinTestServer(
      limit: 5, extraArguments: ["--series-fault", "wild-numbers"])
    let wildClient = try await Self.jellyfin(wild)
    let wildSeries = try #require(try await wildClient.page(1, of: query).movies.first)
    #expect(wildSeries.seriesCounts?.seasons == nil, "a count out of range is unknown")
    let wildSeasons = try await wildClient.seasons(of: wildSeries)
    #expect(wildSeasons.isEmpty, "no season number in range")
    let episodes = try await wildClient.page(
      1, of: Self.episodes(of: wildSeries, Season(number: 1), size: 5))
    #expect(episodes.movies.count == 5)
    #expect(episodes.movies.allSatisfy { $0.episode?.code == "S00E00" && $0.runningTime == nil })
  }

  @Test func plexListsShowsSeasonsEpisodesOnDeckAndReportsAnEpisode() async throws {
    let server = try await PlexTestServer(limit: 10)
    let client = try await Self.plex(server)
    #expect(client.showSection?.key == "2")
    let shows = try await client.page(1, of: Self.seriesQuery)
    #expect(shows.totalCount == 24 && shows.movies.allSatisfy { $0.kind == .series })
    let listed = try #require(try server.listRequests().last)
    #expect(listed.path == "/library/sections/2/all" && listed.query["type"] == "2")
    #expect(listed.containerStart == 0 && listed.containerSize == 10)

    var search = Self.seriesQuery
    search.searchText = "lanterns"
    let lanterns = try #require(try await client.page(1, of: search).movies.first)
    #expect(try server.listRequests().last?.query["title"] == "lanterns")
    #expect(lanterns.seriesCounts == SeriesCounts(seasons: 2, episodes: 15, seen: 3))
    let seasons = try await client.seasons(of: lanterns)
    #expect(seasons.map(\.number) == [1, 2] && seasons.map(\.id) == ["50101", "50102"])
    let children = try #require(try server.requests().last { $0.path.hasSuffix("/children") })
    #expect(children.query["excludeAllLeaves"] == "1")
    let second = try await client.page(1, of: Self.episodes(of: lanterns, seasons[1]))
    #expect(second.movies.first?.episode?.code == "S02E01")
    #expect(try server.requests().last?.path == "/library/metadata/50102/children")

    let next = try #require(try await client.nextEpisode(of: lanterns))
    #expect(next.episode?.code == "S01E04", "three seen: the fourth")
    #expect(try server.requests().last?.query["includeOnDeck"] == "1")
    let stream = try #require(client.stream(for: next))
    #expect(stream.url.path.hasPrefix("/library/parts/\(next.id ?? "")/"))
    try await client.report(
      PlaybackReport(.stopped, position: 1_000, length: 1_000), of: next)
    let reports = try server.requests().filter { $0.path.hasPrefix("/:/") }.map(\.path)
    #expect(reports == ["/:/timeline", "/:/scrobble"])
    #expect(try await client.nextEpisode(of: lanterns)?.episode?.code == "S01E05")

    let deck = try await client.page(1, of: MovieQuery(listing: .continuing, pageSize: 10))
    #expect(deck.movies.contains { $0.kind == .episode })
    #expect(try server.requests().last { $0.path.hasSuffix("onDeck") }?.path == "/library/onDeck")
  }

  @Test func plexEmptySeriesMissingFilesAndAHostileShow() async throws {
    let server = try await PlexTestServer(
      limit: 5, extraArguments: ["--series-fault", "self-season"])
    let client = try await Self.plex(server, library: "tv shows")
    #expect(client.section.key == "1" && client.showSection?.key == "2")
    let thrones = Movie(id: "50000", title: "Thrones of Ash", kind: .series)
    #expect(
      try await client.seasons(of: thrones).map(\.id) == [
        "50001", "50002", "50003", "50004", "50005",
      ])
    let empty = Movie(id: "50300", title: "Empty Nest", kind: .series)
    let emptySeason = try #require(try await client.seasons(of: empty).first)
    #expect(try await client.page(1, of: Self.episodes(of: empty, emptySeason)).movies.isEmpty)
    let salt = Movie(id: "50500", title: "Salt and Iron", kind: .series)
    let last = try #require(try await client.seasons(of: salt).last)
    let missing = try #require(
      try await client.page(1, of: Self.episodes(of: salt, last)).movies.last)
    #expect(client.stream(for: missing) == nil)
    #expect(missing.otherFields[PlexParser.missingField] != nil)
  }

  @Test func tmdbListsSeriesApartFromFilmsWithSeasonsAndEpisodes() async throws {
    let server = try await TMDbTestServer(limit: 1500)
    let client = try Self.tmdb(server)
    var query = Self.seriesQuery
    query.order = "popularitydesc"
    let page = try await client.page(1, of: query)
    let thrones = try #require(page.movies.first)
    #expect(thrones.identity == TitleID(.series, "1399"))
    #expect(page.totalCount == 24)
    #expect(try server.requests(to: "/3/discover/tv").last?.query["sort_by"] == "popularity.desc")
    #expect(try server.requests(to: "/3/genre/tv/list").count == 1)
    let film = try await client.details(for: Movie(id: "1399", title: "?"))
    #expect(film.kind == .film && film.title != thrones.title)

    let details = try await client.details(for: thrones)
    #expect(details.creators == ["Mara Quist"] && !details.cast.isEmpty)
    #expect(details.seriesCounts == SeriesCounts(seasons: 5, episodes: 50))
    let seasons = try await client.seasons(of: thrones)
    #expect(seasons.map(\.number) == [1, 2, 3, 4, 5])
    #expect(try server.requests(to: "/3/tv/1399").count == 1, "details and seasons: one request")

    let second = try await client.page(1, of: Self.episodes(of: thrones, seasons[1], size: 4))
    let rest = try await client.page(3, of: Self.episodes(of: thrones, seasons[1], size: 4))
    #expect(second.movies.map { $0.episode?.code } == ["S02E01", "S02E02", "S02E03", "S02E04"])
    #expect(rest.movies.count == 2 && second.totalCount == 10)
    #expect(try server.requests(to: "/3/tv/1399/season/2").count == 1, "one season, one request")
    #expect(second.movies.first?.thumbnail?.contains("/t/p/w300/e") == true)

    await #expect(
      throws: SeriesFailure.noSuchSeason(
        series: "Thrones of Ash", season: 9, server: client.name)
    ) {
      _ = try await client.page(1, of: Self.episodes(of: thrones, Season(number: 9)))
    }
    var search = Self.seriesQuery
    search.searchText = "lanterns"
    #expect(try await client.page(1, of: search).movies.map(\.title) == ["The 100 Lanterns"])
    #expect(try server.requests(to: "/3/search/tv").last?.query["query"] == "lanterns")
    #expect(try await client.nextEpisode(of: thrones) == nil, "TMDb knows nothing seen")
  }
}
