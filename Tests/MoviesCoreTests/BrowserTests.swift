import Foundation
import Testing

@testable import MoviesCore

@Suite(.timeLimit(.minutes(1))) struct BrowserTests {
  private func makeBrowser(_ source: any MovieSource) -> Browser {
    // Without prefetch, so each test sees exactly the requests its loads make; PrefetchTests
    // covers the background fetch.
    Browser(source: source, query: MovieQuery(pageSize: 10), prefetches: false)
  }

  @Test func loadsPageOneThenPageTwo() async throws {
    let source = FakeMovieSource(movieCount: 25)
    let browser = makeBrowser(source)

    let first = try #require(try await browser.loadNextPage())
    #expect(first.added.range == 1...10)
    #expect(source.requestedPages == [1])

    let second = try #require(try await browser.loadNextPage())
    #expect(second.added.range == 11...20)
    #expect(source.requestedPages == [1, 2])
    #expect(await browser.list.loadedPages == 2)
  }

  @Test func aFailedLoadChangesNothingAndIsRetried() async throws {
    let source = FakeMovieSource(movieCount: 25)
    let browser = makeBrowser(source)
    _ = try await browser.loadNextPage()
    let before = await browser.list

    source.failNextPage()
    await #expect(throws: FakeMovieSource.Failure.self) { try await browser.loadNextPage() }
    #expect(await browser.list == before)

    let retried = try #require(try await browser.loadNextPage())
    #expect(retried.added.range == 11...20)
    #expect(source.requestedPages == [1, 2, 2])
  }

  @Test func noRequestOnceComplete() async throws {
    let source = FakeMovieSource(movieCount: 15)
    let browser = makeBrowser(source)
    _ = try await browser.loadNextPage()
    let last = try #require(try await browser.loadNextPage())
    #expect(last.added.range == 11...15)
    #expect(await browser.list.nextPage == nil)

    #expect(try await browser.loadNextPage() == nil)
    #expect(source.requestedPages == [1, 2])
  }

  @Test func noSuchRow() async throws {
    let browser = makeBrowser(FakeMovieSource(movieCount: 15))
    await #expect(throws: Browser.Error.noSuchRow(1, loaded: 0, more: true)) {
      try await browser.movie(atRow: 1)
    }
    _ = try await browser.loadNextPage()
    #expect(try await browser.movie(atRow: 10).title == "Movie 10")
    await #expect(throws: Browser.Error.noSuchRow(11, loaded: 10, more: true)) {
      try await browser.movie(atRow: 11)
    }
    await #expect(throws: Browser.Error.noSuchRow(0, loaded: 10, more: true)) {
      try await browser.movie(atRow: 0)
    }
    _ = try await browser.loadNextPage()
    await #expect(throws: Browser.Error.noSuchRow(16, loaded: 15, more: false)) {
      try await browser.movie(atRow: 16)
    }
  }

  @Test(arguments: [(1, 0, true), (1, 0, false), (11, 10, true), (16, 15, false)])
  func noSuchRowMessageNamesTheRows(row: Int, loaded: Int, more: Bool) {
    let error = Browser.Error.noSuchRow(row, loaded: loaded, more: more)
    #expect(error.message.contains("row \(row)"))
    #expect(error.message.contains("1 to \(loaded)") == (loaded > 0))
    #expect(error.message.contains("'more'") == more)
  }

  @Test(arguments: [true, false])
  func cancellingALoadInFlightChangesNothing(sourceHonoursCancellation: Bool) async throws {
    let source = FakeMovieSource(movieCount: 100) { _, _ in
      sourceHonoursCancellation ? .hangUntilCancelled : .waitForOpen
    }
    let browser = makeBrowser(source)
    let load = Task { try await browser.loadNextPage() }
    for await _ in source.started { break }  // the request is now waiting in the source

    load.cancel()
    source.open()
    let result = await load.result
    #expect(throws: CancellationError.self) { try result.get() }
    let list = await browser.list
    #expect(list.movies.isEmpty)
    #expect(list.loadedPages == 0)
    #expect(list.nextPage == 1)
  }

  @Test func twoLoadsAtOnceAppendThePageOnce() async throws {
    let source = FakeMovieSource(movieCount: 100) { _, _ in .waitForOpen }
    let browser = makeBrowser(source)
    let first = Task { try await browser.loadNextPage() }
    let second = Task { try await browser.loadNextPage() }
    var started = source.started.makeAsyncIterator()
    #expect(await started.next() == 1)
    #expect(await started.next() == 1)  // both are waiting for page 1
    source.open()
    let loads = [try await first.value, try await second.value]

    #expect(loads.compactMap { $0?.added.range } == [1...10])
    let list = await browser.list
    #expect(list.movies.map(\.title) == (1...10).map { "Movie \($0)" })
    #expect(list.loadedPages == 1)
    #expect(list.nextPage == 2)
  }

  @Test func aCancelledLoadIsRetriedWithTheSamePage() async throws {
    let source = FakeMovieSource(movieCount: 100) { _, _ in .waitForOpen }
    let browser = makeBrowser(source)
    let load = Task { try await browser.loadNextPage() }
    var started = source.started.makeAsyncIterator()
    #expect(await started.next() == 1)
    load.cancel()
    source.open()
    _ = await load.result

    let retried = try #require(try await browser.loadNextPage())
    #expect(await started.next() == 1)
    #expect(retried.added.range == 1...10)
  }

  @Test func aFailedSwitchToAnotherQueryKeepsTheList() async throws {
    let source = FakeMovieSource(movieCount: 25)
    let browser = makeBrowser(source)
    _ = try await browser.loadNextPage()
    let before = await browser.list

    source.failNextPage()
    await #expect(throws: FakeMovieSource.Failure.self) {
      try await browser.restart(with: MovieQuery(genreID: "4", pageSize: 10))
    }
    #expect(await browser.list == before)
    let next = try #require(try await browser.loadNextPage())
    #expect(next.added.range == 11...20)
  }
}
