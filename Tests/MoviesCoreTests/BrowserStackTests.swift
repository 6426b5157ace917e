import Testing

@testable import MoviesCore

/// The browser's stack: going into a list keeps the one left, whole, and `back` returns to it
/// at the row and depth it had, asking the source for nothing.
@Suite(.timeLimit(.minutes(1))) struct BrowserStackTests {
  let source = FakeMovieSource(
    movies: FakeMovieSource.numbered(35), capabilities: SourceCapabilities(),
    series: .numbered(2, seasons: 2, episodes: 12))

  func seasonQuery(_ season: Int) -> MovieQuery {
    MovieQuery(
      listing: .episodes(
        MovieQuery.SeasonListing(
          series: TitleID(.series, "s1"), seriesTitle: "Show 1", season: Season(number: season))),
      pageSize: 10)
  }

  @Test func backReturnsToTheRowAndDepthWithNothingLoadedAgain() async throws {
    let browser = Browser(source: source, query: MovieQuery(pageSize: 10), prefetches: false)
    _ = try await browser.loadNextPage()
    _ = try await browser.loadNextPage()
    _ = try await browser.loadNextPage()
    let before = await browser.list

    let episodes = try await browser.push(seasonQuery(1), from: 14)
    #expect(episodes.added.range == 1...10)
    #expect(episodes.added.movies.first?.episode?.code == "S01E01")
    #expect(await browser.listsBelow == 1)
    _ = try await browser.loadNextPage()
    let requests = source.requests.count

    let back = try await browser.back()
    #expect(source.requests.count == requests, "back asks the source for nothing")
    #expect(await browser.list == before)
    #expect(back.row == 14)
    #expect(back.rows.range == 11...20, "the page holding the row gone into")
    #expect(back.status.shownCount == 30)
    #expect(await browser.listsBelow == 0)

    // The list goes on from where it was: the next page is the fourth.
    let next = try #require(try await browser.loadNextPage())
    #expect(next.added.range == 31...35)
    #expect(source.requestedPages.last == 4)
  }

  @Test func backWithNothingBehindSaysSo() async throws {
    let browser = Browser(source: source, query: MovieQuery(pageSize: 10), prefetches: false)
    _ = try await browser.loadNextPage()
    await #expect(throws: Browser.Error.nothingBehind) { try await browser.back() }
    #expect(Browser.Error.nothingBehind.message.contains("'back'"))
  }

  @Test func aFailedPushKeepsTheListAndNothingBehind() async throws {
    let browser = Browser(source: source, query: MovieQuery(pageSize: 10), prefetches: false)
    _ = try await browser.loadNextPage()
    let before = await browser.list
    source.failNextPage()
    await #expect(throws: FakeMovieSource.Failure.self) {
      try await browser.push(seasonQuery(1), from: 3)
    }
    #expect(await browser.list == before)
    #expect(await browser.listsBelow == 0)
  }

  @Test func listsInsideListsComeBackInTurn() async throws {
    let browser = Browser(source: source, query: MovieQuery(pageSize: 10), prefetches: false)
    _ = try await browser.loadNextPage()
    _ = try await browser.push(seasonQuery(1), from: 2)
    _ = try await browser.push(seasonQuery(2), from: 5)
    #expect(await browser.listsBelow == 2)
    #expect(try await browser.back().row == 5)
    #expect(await browser.list.query == seasonQuery(1))
    #expect(try await browser.back().row == 2)
    #expect(await browser.list.query == MovieQuery(pageSize: 10))
  }

  @Test func aRestartLeavesNothingBehind() async throws {
    let browser = Browser(source: source, query: MovieQuery(pageSize: 10), prefetches: false)
    _ = try await browser.loadNextPage()
    _ = try await browser.push(seasonQuery(1), from: 2)
    _ = try await browser.restart(with: MovieQuery(listing: .titles(.series), pageSize: 10))
    #expect(await browser.listsBelow == 0)
  }

  @Test func theStackKeepsTheDeepestFewLists() async throws {
    let browser = Browser(source: source, query: MovieQuery(pageSize: 10), prefetches: false)
    _ = try await browser.loadNextPage()
    for row in 1...(Browser.deepestStack + 5) {
      _ = try await browser.push(seasonQuery(row % 2 + 1), from: row)
    }
    #expect(await browser.listsBelow == Browser.deepestStack)
  }
}
