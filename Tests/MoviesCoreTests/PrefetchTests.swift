import Foundation
import Synchronization
import TestSupport
import Testing

@testable import MoviesCore

/// The next page is fetched in the background once a page is shown: one page ahead, never
/// past the end, invisible when it fails, cancelled when the query changes.
@Suite(.timeLimit(.minutes(1))) struct PrefetchTests {
  /// A browser whose clock moves a second at every look: every `more` comes at a person's
  /// pace, so one page is fetched ahead.
  private func makeBrowser(_ source: any MovieSource) -> Browser {
    let seconds = Mutex(0)
    return Browser(
      source: source, query: MovieQuery(pageSize: 10),
      now: {
        ContinuousClock.Instant.now.advanced(
          by: .seconds(
            seconds.withLock { tick in
              tick += 1
              return tick
            }))
      })
  }

  /// A browser whose clock stands still: every `more` comes at once, as from a script.
  private func makeFastReadBrowser(_ source: any MovieSource) -> Browser {
    let start = ContinuousClock.Instant.now
    return Browser(source: source, query: MovieQuery(pageSize: 10), now: { start })
  }

  @Test func aFastReaderGetsFourPagesAheadAndNothingPastTheEnd() async throws {
    let source = FakeMovieSource(movieCount: 65)
    let browser = makeFastReadBrowser(source)

    _ = try await browser.loadNextPage()
    #expect(await browser.prefetchingPages == [2])
    _ = try await browser.loadNextPage()
    #expect(await browser.prefetchingPages == [3, 4, 5, 6])
    _ = try await browser.loadNextPage()
    // Page 7 holds the last five movies; there is no page 8 to ask for.
    #expect(await browser.prefetchingPages == [4, 5, 6, 7])
    _ = try await browser.loadNextPage()
    #expect(await browser.prefetchingPages == [5, 6, 7])
    for _ in 1...3 { _ = try await browser.loadNextPage() }
    #expect(await browser.prefetchingPages == [])
    #expect(try await browser.loadNextPage() == nil)
    #expect(source.requestedPages.sorted() == Array(1...7))
    #expect(await browser.list.movies.map(\.title) == (1...65).map { "Movie \($0)" })
  }

  @Test func aPersonsPaceGetsOnePageAhead() async throws {
    let source = FakeMovieSource(movieCount: 95)
    let browser = makeBrowser(source)

    for loaded in 1...9 {
      _ = try await browser.loadNextPage()
      #expect(await browser.prefetchingPages == [loaded + 1], "after \(loaded) pages")
    }
    _ = try await browser.loadNextPage()
    #expect(await browser.prefetchingPages == [])
    #expect(source.requestedPages == Array(1...10))
  }

  @Test func theNextPageIsFetchedAheadAndUsedByTheNextLoad() async throws {
    let source = FakeMovieSource(movieCount: 25)
    let browser = makeBrowser(source)

    _ = try await browser.loadNextPage()
    #expect(try await eventually { source.requestedPages == [1, 2] })

    let second = try #require(try await browser.loadNextPage())
    #expect(second.added.range == 11...20)
    #expect(try await eventually { source.requestedPages == [1, 2, 3] })
    #expect(source.requestedPages.filter { $0 == 2 }.count == 1, "page 2 came from the prefetch")
  }

  @Test func noPrefetchPastTheEnd() async throws {
    let source = FakeMovieSource(movieCount: 25)
    let browser = makeBrowser(source)

    for _ in 1...3 { _ = try await browser.loadNextPage() }
    #expect(await browser.list.isComplete)
    #expect(try await browser.loadNextPage() == nil)
    // No fetch ahead was even started, so none can come later.
    #expect(await browser.prefetchingPages.isEmpty)
    #expect(source.requestedPages == [1, 2, 3])
    #expect(await browser.list.movies.map(\.title) == (1...25).map { "Movie \($0)" })
  }

  /// A prefetch that has just failed is reported as it is, not asked for again at once, which
  /// would double the wait; the next `more` asks again.
  @Test func aRecentPrefetchFailureIsReportedThenThePageIsAskedForAgain() async throws {
    let source = FakeMovieSource(movieCount: 25)
    source.failOnce(page: 2)
    let browser = makeBrowser(source)

    _ = try await browser.loadNextPage()
    #expect(try await eventually { source.requestedPages == [1, 2] })

    await #expect(throws: (any Error).self) { try await browser.loadNextPage() }
    #expect(source.requestedPages == [1, 2], "the failure was not asked again at once")
    #expect(await browser.list.loadedPages == 1)
    let second = try #require(try await browser.loadNextPage())
    #expect(second.added.range == 11...20)
    #expect(second.warnings.isEmpty)
    #expect(Array(source.requestedPages.prefix(3)) == [1, 2, 2])
    _ = try await browser.loadNextPage()
    #expect(await browser.list.movies.map(\.title) == (1...25).map { "Movie \($0)" })
  }

  @Test func restartingWithAnotherQueryCancelsThePrefetch() async throws {
    // Page 1 at once; page 2 held until its task is cancelled.
    let source = FakeMovieSource(movieCount: 100) { page, _ in
      page == 2 ? .hangUntilCancelled : .serve
    }
    let browser = makeBrowser(source)

    _ = try await browser.loadNextPage()
    #expect(try await eventually { source.requestedPages.contains(2) })
    let load = try await browser.restart(with: MovieQuery(genreID: "4", pageSize: 10))

    #expect(try await eventually { source.cancelledPages.contains(2) })
    #expect(load.added.range == 1...10)
    #expect(await browser.list.query.genreID == "4")
    #expect(await browser.list.loadedPages == 1)
  }

  @Test func aBrowserThatGoesAwayCancelsItsPrefetch() async throws {
    // Page 1 at once; page 2 held until its task is cancelled.
    let source = FakeMovieSource(movieCount: 100) { page, _ in
      page == 2 ? .hangUntilCancelled : .serve
    }
    var browser: Browser? = makeBrowser(source)

    _ = try await browser?.loadNextPage()
    #expect(try await eventually { source.requestedPages.contains(2) })
    browser = nil

    #expect(try await eventually { source.cancelledPages.contains(2) })
  }
}
