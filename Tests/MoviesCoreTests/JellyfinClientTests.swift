import Foundation
import TestSupport
import Testing

@testable import MovieSources
@testable import MoviesCore

/// The Jellyfin adapter against the local Jellyfin: which requests it makes, with the
/// credential in the header of each, and how it finds its user.
@Suite(.timeLimit(.minutes(2))) struct JellyfinClientTests {
  private static func authorization(_ token: String = JellyfinTestServer.apiKey) throws
    -> JellyfinAuthorization
  {
    try JellyfinAuthorization(token: token, device: "tests", deviceID: "dev-1", version: "1")
  }

  private func client(_ server: JellyfinTestServer, user: String? = "alice") async throws
    -> JellyfinClient
  {
    let engine = try HTTPEngine()
    let id = try await JellyfinClient.userID(
      named: user, server: server.baseURL,
      http: JellyfinClient.http(authorization: try Self.authorization(), engine: engine))
    return JellyfinClient(
      server: server.baseURL, authorization: try Self.authorization(), userID: id,
      http: JellyfinClient.http(authorization: try Self.authorization(), engine: engine))
  }

  @Test func pagesGoByStartIndexWithTheHeaderOnEveryRequest() async throws {
    let server = try await JellyfinTestServer(limit: 25)
    let client = try await client(server)
    let query = MovieQuery(order: "titleasc", pageSize: 10)
    let first = try await client.page(1, of: query)
    let third = try await client.page(3, of: query)
    #expect(first.totalCount == 25)
    #expect(first.movies.count == 10)
    #expect(third.movies.count == 5)
    #expect(
      first.movies.map(\.title) + third.movies.map(\.title)
        == (try await server.names(
          query: "IncludeItemTypes=Movie&Recursive=true&SortBy=SortName&Limit=10")
          + server.names(
            query: "IncludeItemTypes=Movie&Recursive=true&SortBy=SortName&StartIndex=20")))
    let items = try server.itemRequests().filter { $0.authorization?["Client"] == "movies" }
    #expect(items.map { $0.query["StartIndex"] } == ["0", "20"])
    #expect(items.allSatisfy { $0.query["Limit"] == "10" && $0.query["userId"] != nil })
    #expect(items.allSatisfy { $0.query["EnableTotalRecordCount"] == "true" })
    let ours = try server.requests().filter { $0.authorization?["Client"] == "movies" }
    #expect(ours.count == 3, "the users, then two pages")
    #expect(ours.allSatisfy { $0.token == "api-key" && $0.status == 200 })
    #expect(ours.allSatisfy { !$0.query.values.contains(JellyfinTestServer.apiKey) })
    #expect(first.movies.allSatisfy { $0.playback != nil }, "alice's watched state")
  }

  @Test func eachOrderAsksForItsSort() async throws {
    let server = try await JellyfinTestServer(limit: 5)
    let client = try await client(server)
    for order in JellyfinClient.sorts.map(\.order) {
      _ = try await client.page(1, of: MovieQuery(order: order, pageSize: 5))
    }
    let sorts = try server.itemRequests().map { $0.query["SortBy"] ?? "" }
    #expect(
      sorts == [
        "DateCreated,SortName", "PremiereDate,SortName", "PremiereDate,SortName",
        "CommunityRating,SortName", "SortName",
      ])
    await #expect {
      try await client.page(1, of: MovieQuery(order: "popularitydesc"))
    } throws: { error in
      guard let unusable = error as? SourceHTTP.Unusable,
        case .unknownOrder("popularitydesc", _) = unusable.problem
      else { return false }
      return unusable.message.hasPrefix("The Jellyfin server has no order 'popularitydesc'")
    }
  }

  @Test func aSearchGoesToTheServerWithAnExactYear() async throws {
    let server = try await JellyfinTestServer(limit: 60)
    let client = try await client(server)
    #expect(client.capabilities.searchesOnServer)
    let search = try MovieSearch("gator year:1974")
    let query = try #require(
      client.searchQuery(for: search, from: MovieQuery(order: "titleasc"))?.query)
    let page = try await client.page(1, of: query)
    #expect(page.movies.map(\.title) == ["'Gator Bait"])
    let sent = try #require(try server.itemRequests().last)
    #expect(sent.query["SearchTerm"] == "gator")
    #expect(sent.query["Years"] == "1974")
    // A rating goes as MinCommunityRating; Jellyfin has no running-time filter: that scans.
    #expect(client.searchQuery(for: try MovieSearch("rating:>8"), from: MovieQuery()) != nil)
    #expect(client.searchQuery(for: try MovieSearch("runtime:<90"), from: MovieQuery()) == nil)
  }

  @Test func aUserTokenFindsItsOwnUserAndAnAPIKeyNeedsAName() async throws {
    let server = try await JellyfinTestServer(limit: 5)
    let engine = try HTTPEngine()
    let bob = try await JellyfinClient.userID(
      named: nil, server: server.baseURL,
      http: JellyfinClient.http(
        authorization: try Self.authorization(JellyfinTestServer.bobToken), engine: engine))
    let byName = try await JellyfinClient.userID(
      named: "BOB", server: server.baseURL,
      http: JellyfinClient.http(authorization: try Self.authorization(), engine: engine))
    #expect(bob == byName)
    await #expect {
      try await JellyfinClient.userID(
        named: nil, server: server.baseURL,
        http: JellyfinClient.http(authorization: try Self.authorization(), engine: engine))
    } throws: { error in
      guard case JellyfinClient.Error.notAUserToken = error else { return false }
      return true
    }
    await #expect {
      try await JellyfinClient.userID(
        named: "carol", server: server.baseURL,
        http: JellyfinClient.http(authorization: try Self.authorization(), engine: engine))
    } throws: { error in
      (error as? JellyfinClient.Error)?.message.contains("its users are alice, bob") == true
    }
    #expect(try server.requests().map(\.path) == ["/Users/Me", "/Users", "/Users/Me", "/Users"])
  }

  @Test func failuresSayWhatTheListCanDoAboutThem() throws {
    let unreadable = JellyfinClient.http(
      authorization: try Self.authorization(), engine: try HTTPEngine()
    ).unusable(.unreadable(JellyfinItemParser.Error.notJSON.explanation), .page(2))
    #expect(unreadable.kind == .unreadablePage)
    #expect(unreadable.message.contains("from the Jellyfin server"))
    #expect(unreadable.message.contains("'skip'"))
    #expect(unreadable.remedy == .sourceAddress(JellyfinClient.server.address))
    let server = JellyfinClient.server
    func failure(_ cause: SourceHTTP.Failure.Cause) -> SourceHTTP.Failure {
      SourceHTTP.Failure(cause, .page(1), from: server)
    }
    #expect(failure(.status(503, reason: nil)).kind == .transient)
    #expect(failure(.transfer(.connectionRefused)).kind == .transient)
    #expect(failure(.refused(401, reason: nil)).kind == .lasting)
    #expect(failure(.status(404, reason: nil)).kind == .lasting)
    #expect(failure(.status(404, reason: nil)).remedy == .sourceAddress(server.address))
    let switched = SourceHTTP.Failure(
      .status(503, reason: nil), .page(1), attempts: 3, from: server
    )
    .message(retrying: "genre comedy")
    #expect(switched.contains("the Jellyfin server answered HTTP 503, after 3 attempts."))
    #expect(switched.hasSuffix("Type 'genre comedy' to try again."))
  }

  @Test func aRefusedTokenSaysSo() async throws {
    let server = try await JellyfinTestServer(limit: 5)
    await #expect {
      try await JellyfinClient.userID(
        named: "alice", server: server.baseURL,
        http: JellyfinClient.http(
          authorization: try Self.authorization("nope"), engine: try HTTPEngine()))
    } throws: { error in
      guard let failure = error as? SourceHTTP.Failure, case .refused(401, _) = failure.cause,
        failure.target == .users
      else { return false }
      return !failure.message.contains("nope") && failure.message.contains("refused the token")
    }
  }

  @Test func genresAndPostersComeWithTheHeaderAndPostersStayOnTheServer() async throws {
    let server = try await JellyfinTestServer(limit: 10)
    let client = try await client(server)
    let genres = try await client.genres()
    #expect(genres.map(\.name).contains("Comedy"))
    let comedy = try #require(genres.first { $0.name == "Comedy" })
    let page = try await client.page(1, of: MovieQuery(genreID: comedy.id, order: "titleasc"))
    #expect(!page.movies.isEmpty)
    #expect(page.movies.allSatisfy { $0.genres.contains("Comedy") })
    let movie = try #require(page.movies.first { $0.thumbnail != nil })
    let url = try client.thumbnailURL(for: try #require(movie.thumbnail))
    let png = try await client.thumbnailData(at: url)
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    let poster = try #require(try server.posterRequests().last)
    #expect(poster.token == "api-key")
    #expect(poster.query["maxWidth"] == "400")
    #expect(throws: SourceHTTP.Unusable.self) {
      try client.thumbnailURL(for: "http://elsewhere.example/steal.png")
    }
    #expect(throws: SourceHTTP.Unusable.self) {
      try client.thumbnailURL(for: "//elsewhere.example/steal.png")
    }
  }

  @Test func aStreamCarriesTheHeaderAndTheResumePosition() async throws {
    let server = try await JellyfinTestServer(limit: 30)
    let client = try await client(server)
    let page = try await client.page(1, of: MovieQuery(order: "titleasc", pageSize: 30))
    let stopped = try #require(page.movies.first { ($0.playback?.position ?? 0) > 0 })
    let stream = try #require(client.stream(for: stopped))
    #expect(stream.start == stopped.playback?.position)
    #expect(stream.url.path.hasSuffix("/Videos/\(stopped.id ?? "")/stream"))
    #expect(!stream.url.absoluteString.contains(JellyfinTestServer.apiKey))
    #expect(stream.headers == [try Self.authorization().headerLine])
    #expect(!"\(stream)".contains(JellyfinTestServer.apiKey), "its description hides the header")
  }
}
