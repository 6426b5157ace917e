import Foundation
import Synchronization
import Testing

@testable import MovieSources
@testable import MoviesCore

/// The parts of the TMDb adapter that need no server: page arithmetic, parsing, addresses,
/// the pacer and redaction. The end-to-end suites drive it against the local TMDb.
@Suite(.timeLimit(.minutes(1))) struct TMDbClientTests {
  private let fixed = FixedPages(size: 20, maxPages: 500)

  @Test func halfAPageTakesOneServerPageAndAHalfOfIt() {
    #expect(fixed.pieces(ofPage: 1, pageSize: 10) == [.init(page: 1, rows: 0..<10)])
    #expect(fixed.pieces(ofPage: 2, pageSize: 10) == [.init(page: 1, rows: 10..<20)])
    #expect(fixed.pieces(ofPage: 3, pageSize: 10) == [.init(page: 2, rows: 0..<10)])
  }

  @Test func largerPagesJoinServerPages() {
    #expect(
      fixed.pieces(ofPage: 1, pageSize: 50) == [
        .init(page: 1, rows: 0..<20), .init(page: 2, rows: 0..<20), .init(page: 3, rows: 0..<10),
      ])
    #expect(
      fixed.pieces(ofPage: 2, pageSize: 50) == [
        .init(page: 3, rows: 10..<20), .init(page: 4, rows: 0..<20), .init(page: 5, rows: 0..<20),
      ])
  }

  @Test func nothingPastPage500() {
    // Rows 9,990 to 10,019 would reach page 501: only page 500's rows are taken.
    #expect(fixed.pieces(ofPage: 334, pageSize: 30) == [.init(page: 500, rows: 10..<20)])
    #expect(fixed.pieces(ofPage: 335, pageSize: 30).isEmpty)
    #expect(fixed.pieces(ofPage: 1_001, pageSize: 10).isEmpty)
    #expect(fixed.reachesCap(page: 334, pageSize: 30))
    #expect(!fixed.reachesCap(page: 333, pageSize: 30))
    #expect(fixed.pieces(ofPage: Int.max, pageSize: 1_000).isEmpty)
  }

  @Test func aRowBecomesAMovieWithItsGenresPosterAndPage() throws {
    let data = Data(
      """
      {"page":1,"total_results":45,"results":[
        {"id":550,"title":"Fight Club","original_title":"Fight Club","genre_ids":[18,99],
         "poster_path":"/p550.png","vote_average":8.4,"vote_count":26279,
         "release_date":"1999-10-15","overview":"A ticking bomb.","popularity":73.4},
        {"id":551,"title":null},
        {"id":"x","title":"No id"}
      ]}
      """.utf8)
    let page = try TMDbParser.listPage(data)
    #expect(page.totalResults == 45)
    var context = TMDbParser.RowContext()
    context.genreNames = ["18": "Drama", "99": "Documentary"]
    context.posterBase = "http://127.0.0.1:9/t/p/w342"
    let movies = page.rows.compactMap { TMDbParser.movie($0, context: context) }
    let movie = try #require(movies.first)
    #expect(movies.count == 1)
    #expect(movie.id == "550")
    #expect(movie.genres == ["Drama", "Documentary"])
    #expect(movie.thumbnail == "http://127.0.0.1:9/t/p/w342/p550.png")
    #expect(movie.link == "https://www.themoviedb.org/movie/550")
    #expect(movie.rating == 8.4)
    #expect(movie.ratingCount == 26_279)
    #expect(movie.overview == "A ticking bomb.")
    #expect(movie.otherFields == ["popularity": "73.4"], "no display labels, no title twice")
  }

  /// The server's own words are escaped where they are read, so no message made of them
  /// carries a raw control character, whatever prints it.
  @Test func aServersStatedReasonIsEscapedWhereItIsRead() {
    let body = Data(#"{"status_message": "Gone \u001b[31mfor good"}"#.utf8)
    #expect(SourceHTTP.Failure.reason(in: body) == "Gone ^[[31mfor good")
  }

  @Test func aPageWithoutResultsIsUnreadable() {
    #expect(throws: TMDbParser.Unreadable.self) {
      try TMDbParser.listPage(Data(#"{"status_code":7}"#.utf8))
    }
    #expect(throws: TMDbParser.Unreadable.self) { try TMDbParser.listPage(Data("<html>".utf8)) }
  }

  @Test func thePosterSizeFitsThePreview() {
    let sizes = ["w92", "w154", "w185", "w342", "w500", "original"]
    #expect(TMDbClient.posterSize(among: sizes, width: 342) == "w342")
    #expect(TMDbClient.posterSize(among: sizes, width: 200) == "w185")
    #expect(TMDbClient.posterSize(among: sizes, width: 50) == "w92")
    #expect(TMDbClient.posterSize(among: ["original"], width: 342) == "w342")
  }

  @Test func anAPIKeyIsRedactedFromAnyAddress() {
    #expect(
      SecretRedaction.redact("see http://h/3/discover/movie?page=2&api_key=s3cret&x=1 now")
        == "see http://h/3/discover/movie?page=2&api_key=REDACTED&x=1 now")
    #expect(SecretRedaction.redact("a?API_KEY=abc") == "a?API_KEY=REDACTED")
    #expect(SecretRedaction.redact("no key here") == "no key here")
  }

  @Test func everyMessageHasItsKeyRedacted() {
    // A message that quotes an address with a key, from any source.
    let error = HoppinClient.Error.unsupportedThumbnailAddress("ftp://h/p.png?api_key=s3cret")
    let message = ErrorDescriber.plain.message(for: error)
    #expect(message.contains("api_key=REDACTED"))
    #expect(!message.contains("s3cret"))
  }

  @Test func tmdbsOwnWordsAreEscapedAndCut() {
    let long = "\u{1B}[2J" + String(repeating: "x", count: 500)
    let reason = SourceHTTP.Failure.reason(in: Data(#"{"status_message":"\#(long)"}"#.utf8))
    let message = SourceHTTP.Failure.tmdb(.status(503, reason: reason), .page(2), attempts: 3)
      .message
    #expect(!message.contains("\u{1B}"))
    #expect(message.contains("^[[2J"))
    #expect(message.count < 300)
    #expect(message.contains("after 3 attempts"))
  }

  @Test func aFailedSwitchAdvisesTheCommandAndAKindTheBrowserReads() {
    let busy = SourceHTTP.Failure.tmdb(.status(429, reason: nil), .page(1), attempts: 3)
    #expect(busy.kind == .transient)
    #expect(busy.message(retrying: "genre comedy").hasSuffix("Type 'genre comedy' to try again."))
    #expect(busy.message.hasSuffix("Type 'more' to try the same page again."))
    #expect(TMDbClient.Error.unreadable(.page(2)).kind == .unreadablePage)
    #expect(SourceHTTP.Failure.tmdb(.refused(401, reason: nil), .page(1)).kind == .lasting)
  }

  @Test func theCredentialGoesInTheHeaderOrTheParameterOnly() {
    let key = TMDbCredential(kind: .apiKey, secret: "k", origin: "TMDB_API_KEY")
    let token = TMDbCredential(kind: .accessToken, secret: "t", origin: "TMDB_ACCESS_TOKEN")
    #expect(key.headers.isEmpty)
    #expect(key.queryItems == [URLQueryItem(name: "api_key", value: "k")])
    #expect(token.headers == ["Authorization: Bearer t"])
    #expect(token.queryItems.isEmpty)
    #expect(!"\(key) \(token)".contains("k)") && !"\(token)".contains(" t "))
  }

  @Test func listAddressesMapTheOrdersAndKeepTheKeyOut() throws {
    let settings = TMDbClient.Settings(
      apiURL: try #require(URL(string: "http://127.0.0.1:9/3")),
      credential: TMDbCredential(kind: .apiKey, secret: "s3cret", origin: "TMDB_API_KEY"),
      language: "fr-FR", region: "FR")
    let client = TMDbClient(settings: settings, engine: try HTTPEngine())
    let rating = client.listAddress(3, of: MovieQuery(genreID: "18", order: "ratingdesc"))
    let items = try #require(URLComponents(url: rating, resolvingAgainstBaseURL: false)?.queryItems)
    let query = Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.value ?? "") })
    #expect(rating.path == "/3/discover/movie")
    #expect(query["sort_by"] == "vote_average.desc")
    #expect(query["vote_count.gte"] == String(TMDbClient.minimumVotesForRating))
    #expect(query["with_genres"] == "18")
    #expect(query["page"] == "3")
    #expect(query["language"] == "fr-FR")
    #expect(query["region"] == "FR")
    #expect(query["include_adult"] == "false")
    #expect(query["api_key"] == nil)
    var search = MovieQuery()
    search.searchText = "star wars"
    search.releaseYear = 1977
    let found = client.listAddress(1, of: search)
    #expect(found.path == "/3/search/movie")
    #expect(found.query?.contains("primary_release_year=1977") == true)
    #expect(found.query?.contains("query=star%20wars") == true)
  }

  @Test func thePacerSpacesRequests() async throws {
    let start = ContinuousClock.now
    let slept = Mutex<[Duration]>([])
    let pacer = RequestPacer(
      requestsPerSecond: 40, now: { start },
      sleep: { until in slept.withLock { $0.append(until - start) } })
    for _ in 0..<5 { try await pacer.waitForSlot() }
    // Two at once, then one every 25 ms.
    #expect(slept.withLock { $0 } == [.milliseconds(25), .milliseconds(50), .milliseconds(75)])
  }
}

/// What `/discover/movie` is narrowed by when `find` has filters and no words.
@Suite(.timeLimit(.minutes(1))) struct TMDbFiltersTests {
  private func items(_ query: MovieQuery, sortBy: String = "popularity.desc") -> [String: String] {
    let today = Date(timeIntervalSince1970: 1_796_100_000)  // 2026-12-01, 04:40 UTC
    var items: [String: String] = [:]
    for item in TMDbFilters.items(for: query, sortBy: sortBy, today: today) {
      items[item.name] = item.value
    }
    return items
  }

  @Test func aRangeOfYearsAndARatingGoToTheServer() throws {
    let search = try MovieSearch("year:1990-1999 rating:>8.5")
    let client = TMDbClient(
      settings: .init(
        apiURL: try #require(URL(string: "http://h/3")),
        credential: TMDbCredential(kind: .apiKey, secret: "k", origin: "TMDB_API_KEY")),
      engine: try HTTPEngine())
    let query = try #require(client.searchQuery(for: search, from: MovieQuery())?.query)
    #expect(
      items(query) == [
        "primary_release_date.gte": "1990-01-01", "primary_release_date.lte": "1999-12-31",
        "vote_average.gte": "8.501", "vote_count.gte": String(TMDbClient.minimumVotesForRating),
      ])
    // With words, /search/movie takes no filter: the rows are checked.
    let words = try #require(
      client.searchQuery(for: try MovieSearch("alien year:1979-1986"), from: MovieQuery())?.query)
    #expect(words.releaseYears == nil && words.ratings == nil && words.searchText == "alien")
  }

  @Test func theNewestFirstStopsAtToday() {
    #expect(
      items(MovieQuery(), sortBy: "primary_release_date.desc")["primary_release_date.lte"]
        == "2026-12-01")
    var old = MovieQuery()
    old.releaseYears = 1990...1999
    #expect(
      items(old, sortBy: "primary_release_date.desc")["primary_release_date.lte"] == "1999-12-31")
    #expect(
      items(MovieQuery(), sortBy: "primary_release_date.asc")["primary_release_date.lte"] == nil)
  }
}
