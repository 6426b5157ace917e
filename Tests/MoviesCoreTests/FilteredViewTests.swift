import Foundation
import Testing

@testable import MovieSources
@testable import MoviesCore

/// Which `find`s are a view of the list (filters alone, each applied exactly by the server),
/// and how a view's first line reads; and titles as people say them (issue 42).
@Suite(.timeLimit(.minutes(1))) struct FilteredViewTests {
  private func tmdb() throws -> TMDbClient {
    TMDbClient(
      settings: .init(
        apiURL: try #require(URL(string: "http://h/3")),
        credential: TMDbCredential(kind: .apiKey, secret: "k", origin: "TMDB_API_KEY")),
      engine: try HTTPEngine())
  }

  private func view(_ text: String) throws -> MovieQuery? {
    var search = try MovieSearch(text)
    search.serviceIDs = search.services.isEmpty ? [] : ["8"]
    return FilteredView.query(
      for: search, typed: text, from: MovieQuery(order: "popularitydesc", pageSize: 20),
      source: try tmdb())
  }

  @Test func filtersAloneThatTheServerAppliesAreAView() throws {
    let netflix = try #require(try view("on:netflix  year:2000-"))
    #expect(netflix.filterText == "on:netflix year:2000-" && netflix.services == ["8"])
    #expect(netflix.pageSize == 20 && netflix.order == "popularitydesc")
    let rated = try #require(try view("rating:>8.5"))
    #expect(rated.minimumVotes == TMDbClient.minimumVotesForRating)
    #expect(try view("rating:>8.5 votes:>50")?.minimumVotes == 51)
  }

  @Test func wordsOrAFilterTheServerBendsAreASearch() throws {
    #expect(try view("alien") == nil, "a title search is matches, not a view")
    #expect(try view("alien on:netflix") == nil)
    #expect(try view("rating:7-8") == nil, "no upper bound on a media server: rows checked")
    #expect(try view("genre:drama genre:crime") == nil)
  }

  @Test func theFirstLineNamesTheFloorAndTheWayOut() throws {
    var query = try #require(try view("rating:>8.5"))
    query.genreID = ""
    let status = ListStatus(query: query)
    #expect(
      StatusLine.view(status)?.hasPrefix(
        "Filtered by rating:>8.5, with 200 votes or more (votes:>N changes it)") == true)
    #expect(StatusLine.view(ListStatus(query: MovieQuery())) == nil)
  }

  @Test(arguments: [
    ("Gold Rush, The", "The Gold Rush"), ("Grande illusion, La", "La Grande illusion"),
    ("Avventura, L'", "L'Avventura"), ("Heat", "Heat"),
    ("Good, the Bad, the Ugly", "Good, the Bad, the Ugly"),
  ])
  func titlesAsSaid(indexed: String, spoken: String) {
    #expect(IndexedTitle.spoken(indexed) == spoken)
    if indexed != spoken { #expect(IndexedTitle.indexed(spoken) == indexed) }
  }

  @Test func findMatchesEitherForm() throws {
    let movie = Movie(title: "The Gold Rush")
    #expect(try MovieSearch("gold rush, the").matches(movie))
    #expect(try MovieSearch("the gold rush").matches(movie))
    #expect(try !MovieSearch("rush, a").matches(movie))
  }
}
