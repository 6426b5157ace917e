import Foundation
import TestSupport
import Testing

@testable import MoviesCore

/// After `play`, `seen` or `unseen`, the browser's rows of the title take its new state, by
/// the title's one identity, and a server search that holds it is dropped, so the same
/// `find` asks the server again.
@Suite(.timeLimit(.minutes(1))) struct MarkUpdateTests {
  @Test func everyLoadedRowOfTheTitleTakesItsStateAndOthersKeepTheirs() async throws {
    let source = FakeMovieSource(movieCount: 25)
    let browser = Browser(source: source, query: MovieQuery(pageSize: 10), prefetches: false)
    _ = try await browser.loadNextPage()
    let third = try await browser.movie(atRow: 3)
    let played = third.changing { $0.playback = Playback(played: true) }
    await browser.updateMarks(of: played)
    #expect(try await browser.movie(atRow: 3).playback == Playback(played: true))
    #expect(try await browser.movie(atRow: 4).playback == nil)
    let keys: Set = [WatchEntry.key(for: third), "id:nothing"]
    #expect(
      await browser.playback(ofTitles: keys) == [WatchEntry.key(for: third): Playback(played: true)]
    )
  }

  @Test func aServerSearchHoldingTheTitleIsDroppedAndAskedAgain() async throws {
    let source = FakeMovieSource(movieCount: 25)
    let browser = Browser(source: source, query: MovieQuery(pageSize: 10), prefetches: false)
    var query = MovieQuery(pageSize: 10)
    query.searchText = "movie"
    let search = try MovieSearch("movie")
    let scan = await browser.serverSearch(
      ServerSearch(query, filtering: search), found: { _, _ in }, progress: { _, _ in })
    let asked = source.requests.count
    let other = Movie(id: "elsewhere", title: "Not Found")
    await browser.updateMarks(of: other)
    _ = await browser.serverSearch(
      ServerSearch(query, filtering: search), found: { _, _ in }, progress: { _, _ in })
    #expect(source.requests.count == asked, "a title it does not hold keeps the cache")

    let first = try #require(scan.matches.first?.movie)
    await browser.updateMarks(of: first.changing { $0.playback = Playback(played: true) })
    _ = await browser.serverSearch(
      ServerSearch(query, filtering: search), found: { _, _ in }, progress: { _, _ in })
    #expect(source.requests.count > asked, "asked again once it held a changed title")
  }

  @Test func theViewsMatchesAndThisSourcesEntriesTakeIt() {
    let view = ViewState()
    let heat = Movie(id: "949", title: "Heat")
    view.record(
      WatchlistListed(entries: [
        WatchEntry(source: "here", movie: heat), WatchEntry(source: "there", movie: heat),
      ]), query: MovieQuery())
    view.updateMarks(of: heat.changing { $0.playback = Playback(played: true) }, from: "here")
    #expect(view.listing?.map { $0.movie.playback?.played } == [true, nil])
  }
}
