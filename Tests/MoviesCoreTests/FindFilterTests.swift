import Foundation
import Testing

@testable import MovieSources
@testable import MoviesCore

/// `find`'s running times, `played:` and `on:`: their parsing, their errors, the rows they
/// pass, and what each server is asked (issue 30; `played:` from issue 29).
@Suite(.timeLimit(.minutes(1))) struct FindFilterTests {
  private func movie(minutes: Int?, played: Bool? = nil) -> Movie {
    Movie(
      title: "Heat", runningTime: minutes,
      playback: played.map { Playback(played: $0) })
  }

  @Test func runningTimesAreBoundsInMinutes() throws {
    #expect(try MovieSearch("runtime:<100").runtimes == 0...99)
    #expect(try MovieSearch("runtime:<=100").runtimes == 0...100)
    #expect(try MovieSearch("runtime:>120").runtimes == 121...Int.max)
    #expect(try MovieSearch("RUNTIME:>=120").runtimes == 120...Int.max)
    #expect(try MovieSearch("runtime:90-120").runtimes == 90...120)
    #expect(try MovieSearch("runtime:<100").matches(movie(minutes: 99)))
    #expect(try !MovieSearch("runtime:<100").matches(movie(minutes: 100)))
    #expect(try !MovieSearch("runtime:<100").matches(movie(minutes: nil)))
    #expect(try MovieSearch("runtime:>120").matches(movie(minutes: 121)))
    #expect(try !MovieSearch("runtime:>120").matches(movie(minutes: 120)))
  }

  @Test func playedIsYesOrNo() throws {
    #expect(try MovieSearch("played:yes").played == true)
    #expect(try MovieSearch("Played:NO").played == false)
    #expect(try MovieSearch("played:yes").matches(movie(minutes: 90, played: true)))
    #expect(try !MovieSearch("played:yes").matches(movie(minutes: 90, played: false)))
    #expect(try MovieSearch("played:no").matches(movie(minutes: 90, played: nil)))
    #expect(try !MovieSearch("played:no").matches(movie(minutes: 90, played: true)))
  }

  @Test func servicesAreKeptAsTyped() throws {
    let search = try MovieSearch("on:Netflix on:mubi year:2020-")
    #expect(search.services == ["Netflix", "mubi"])
    #expect(search.words.isEmpty)
  }

  @Test(arguments: [
    ("runtime:90", MovieSearch.Error.badRuntime("runtime:90")),
    ("runtime:<0", .badRuntime("runtime:<0")),
    ("runtime:>x", .badRuntime("runtime:>x")),
    ("runtime:120-90", .badRuntime("runtime:120-90")),
    ("runtime:", .emptyFilter("runtime:")),
    ("played:maybe", .badPlayed("played:maybe")),
    ("played:", .emptyFilter("played:")),
    ("on:", .emptyFilter("on:")),
  ])
  func badValuesSayWhatToType(text: String, error: MovieSearch.Error) {
    #expect(throws: error) { try MovieSearch(text) }
  }

  @Test func aSourceThatCannotApplyAFilterRefusesIt() throws {
    let plain = SourceCapabilities()
    #expect(throws: SourceRefusal.played) {
      try MovieSearch("played:no").check(against: plain)
    }
    #expect(throws: SourceRefusal.services) {
      try MovieSearch("on:netflix").check(against: plain)
    }
    var player = SourceCapabilities()
    player.plays = true
    try MovieSearch("played:no").check(against: player)
  }

  @Test func servicesMatchByTheirBeginningWithADidYouMean() throws {
    let body = """
      {"results":[{"provider_id":8,"provider_name":"Netflix"},
      {"provider_id":9,"provider_name":"Amazon Prime Video"},
      {"provider_id":10,"provider_name":"Amazon Video"},{"provider_id":"x","provider_name":"Bad"},
      {"provider_id":337,"provider_name":"Disney Plus"}]}
      """
    let services = try TMDbServices(Data(body.utf8))
    #expect(services.services.count == 4, "the entry without a numeric id is left out")
    #expect(try services.ids(named: "NETFLIX", region: "US") == ["8"])
    #expect(try services.ids(named: "amazon", region: "US") == ["9", "10"])
    #expect(try services.ids(named: "disneyplus", region: "US") == ["337"])
    #expect(throws: SourceRefusal.unknownService("netflx", region: "US", suggestion: "netflix")) {
      try services.ids(named: "netflx", region: "US")
    }
    #expect(throws: SourceRefusal.self, "a name's beginning, not a word inside it") {
      try services.ids(named: "video", region: "US")
    }
    #expect(throws: SourceRefusal.unknownService("zzz", region: "DE", suggestion: nil)) {
      try services.ids(named: "zzz", region: "DE")
    }
  }

  @Test func discoverTakesRunningTimesGenresAndServices() throws {
    var query = MovieQuery()
    query.runtimes = 0...99
    query.genreFilter = [["18"], ["35", "10749"]]
    query.services = ["8", "337"]
    var items: [String: String] = [:]
    for item in TMDbFilters.items(for: query, sortBy: "popularity.desc", region: "DE") {
      items[item.name] = item.value
    }
    #expect(items["with_runtime.lte"] == "99")
    #expect(items["with_runtime.gte"] == nil)
    #expect(items["with_genres"] == "18,35|10749")
    #expect(items["with_watch_providers"] == "8|337")
    #expect(items["watch_region"] == "DE")
    #expect(items["with_watch_monetization_types"] == "flatrate")
  }

  @Test func jellyfinAndPlexTakeTheNarrowestGenreAFloorAndPlayed() {
    var query = MovieQuery()
    query.releaseYears = 1990...1999
    query.ratings = (8.5).nextUp...Double.infinity
    query.genreFilter = [["a", "b"], ["c"]]
    query.played = false
    func named(_ items: [URLQueryItem]) -> [String: String] {
      Dictionary(items.map { ($0.name, $0.value ?? "") }) { $1 }
    }
    let jellyfin = named(ServerFilterItems.jellyfin(query, maxListedYears: 150))
    #expect(jellyfin["MinCommunityRating"] == "8.501", "above 8.5: a film rated 8.5 left out")
    #expect(jellyfin["GenreIds"] == "c")
    #expect(jellyfin["IsPlayed"] == "false")
    let plex = named(ServerFilterItems.plex(query))
    #expect(plex["year>>"] == "1990" && plex["year<<"] == "1999")
    #expect(plex["audienceRating>>"] == "8.501")
    #expect(plex["genre"] == "c")
    #expect(plex["unwatched"] == "1")
    query.played = true
    #expect(named(ServerFilterItems.plex(query))["unwatched"] == "0")
  }
}
