import Foundation
import Synchronization
import TestSupport
import Testing

@testable import MoviesCore

/// `find`'s full scan: larger pages that line up with the list's, in flight together, joined
/// in order; capped servers, failures and Ctrl-C keep what was loaded.
@Suite(.timeLimit(.minutes(1))) struct ScanTests {
  /// Movies `Movie 1`…`Movie N` served like the test server: the page size capped at `cap`,
  /// the offset computed with the capped size. Pages from `hangFrom` on wait until
  /// cancelled, and `failing` pages throw.
  private static func pagedSource(
    count: Int, cap: Int = 1_000, hangFrom: Int? = nil, failing: Set<Int> = []
  ) -> FakeMovieSource {
    let movies = FakeMovieSource.numbered(count) { Double(($0 - 1) % 10) }
    return FakeMovieSource(movies: movies, cap: cap) { page, _ in
      if let hangFrom, page >= hangFrom { return .hangUntilCancelled }
      return failing.contains(page) ? .fail(FakeMovieSource.Failure()) : .serve
    }
  }

  private func browser(_ source: FakeMovieSource, pageSize: Int = 10, prefetches: Bool = false)
    -> Browser
  {
    Browser(source: source, query: MovieQuery(pageSize: pageSize), prefetches: prefetches)
  }

  private func titles(_ list: MovieList) -> [String] { list.movies.map(\.title) }

  @Test(arguments: [0, 1, 3, 7, 64, 100])
  func planCoversEveryRowOnceFromTheLoadedPages(loadedPages: Int) {
    let plan = ScanPlan(
      loadedPages: loadedPages, pageSize: 10, factor: ScanPlan.factor(pageSize: 10),
      totalCount: 5_000)
    var offset = loadedPages * 10
    var index = 0
    while let request = plan.request(index) {
      #expect((request.page - 1) * request.pageSize == offset, "request \(index) starts in place")
      #expect(request.pageSize == 10 * request.spans)
      offset += request.pageSize
      index += 1
    }
    #expect(offset >= 5_000 && offset - plan.factor * 10 < 5_000)
    #expect(index <= 7 + (5_000 - loadedPages * 10) / 640 + 1, "a handful of aligning requests")
  }

  @Test func scanJoinsEveryPageInOrderAndFindsEveryMatch() async throws {
    let source = Self.pagedSource(count: 1_234)
    let browser = browser(source)
    _ = try await browser.loadNextPage()
    let found = Mutex<[Int]>([])

    let scan = await browser.scan(
      for: try MovieSearch("movie 12"),
      found: { matches, _ in
        found.withLock { $0 += matches.map(\.row) }
      }, progress: { _, _ in })

    let list = await browser.list
    #expect(titles(list) == (1...1_234).map { "Movie \($0)" })
    #expect(list.isComplete && list.nextPage == nil)
    let expected = (1...1_234).filter { String($0).contains("12") }
    #expect(scan.matches.map(\.row) == expected)
    #expect(found.withLock { $0 } == expected, "every match was reported as it was found")
    #expect(!scan.stopped && scan.failure == nil)
    let sizes = source.requests.map(\.size)
    #expect(sizes.allSatisfy { $0 % 10 == 0 }, "every page size is a multiple of --count")
    #expect(sizes.count < 15, "large pages, not one per page of 10: \(sizes)")
  }

  @Test func aCappedServerIsScannedInPagesItServesWhole() async throws {
    let source = Self.pagedSource(count: 777, cap: 100)
    let browser = browser(source)
    _ = try await browser.loadNextPage()

    let scan = await browser.scan(
      for: try MovieSearch("7"), found: { _, _ in }, progress: { _, _ in })

    let list = await browser.list
    #expect(titles(list) == (1...777).map { "Movie \($0)" }, "no row lost or repeated")
    #expect(scan.warnings.isEmpty)
    #expect(scan.matches.count == (1...777).filter { String($0).contains("7") }.count)
  }

  @Test func aFailedPageStopsTheScanAndMoreGoesOnFromThere() async throws {
    let source = Self.pagedSource(count: 3_000, failing: [2])
    let browser = browser(source)

    let scan = await browser.scan(
      for: try MovieSearch("movie"), found: { _, _ in }, progress: { _, _ in })

    #expect(scan.failure is FakeMovieSource.Failure)
    let list = await browser.list
    #expect(titles(list) == (1...640).map { "Movie \($0)" }, "the page before the failure joined")
    #expect(list.loadedPages == 64, "counted in pages of 10")
    // `more` shows the loaded rows first, from the top and with no request, then goes on.
    let asked = source.requests.count
    #expect(try await browser.loadNextPage()?.added.range == 1...10)
    #expect(source.requests.count == asked)
    for _ in 2...64 { _ = try await browser.loadNextPage() }
    #expect(source.requests.count == asked)
    #expect(try await browser.loadNextPage()?.added.range == 641...650)
    #expect(await browser.list.movies.last?.title == "Movie 650")
    #expect(source.requests.last.map { $0 == (65, 10) } == true)
  }

  @Test func cancellingKeepsEveryPageThatJoined() async throws {
    let source = Self.pagedSource(count: 10_000, hangFrom: 3)
    let browser = browser(source)
    let searched = Mutex(0)
    let task = Task {
      await browser.scan(
        for: try MovieSearch("movie 1"), found: { _, _ in },
        progress: { done, _ in searched.withLock { $0 = done } })
    }
    #expect(try await eventually { searched.withLock { $0 } >= 1_280 })
    task.cancel()
    let scan = try await task.value

    #expect(scan.stopped)
    let list = await browser.list
    #expect(titles(list) == (1...1_280).map { "Movie \($0)" })
    #expect(scan.matches.map(\.row) == (1...1_280).filter { String($0).contains("1") })
    #expect(list.nextPage == 129)
  }

  @Test func thePageFetchedAheadJoinsFirstAndNoRowIsAskedForTwice() async throws {
    let source = Self.pagedSource(count: 2_000)
    let browser = browser(source, prefetches: true)
    _ = try await browser.loadNextPage()

    _ = await browser.scan(for: try MovieSearch("x"), found: { _, _ in }, progress: { _, _ in })

    #expect(titles(await browser.list) == (1...2_000).map { "Movie \($0)" })
    let ranges = source.requests.map { ($0.page - 1) * $0.size..<$0.page * $0.size }
    for (index, range) in ranges.enumerated() {
      for other in ranges[(index + 1)...] {
        #expect(!range.overlaps(other), "\(range) asked twice")
      }
    }
  }

  /// Every row without a title: each page warns about each row.
  private static let titlelessSource = FakeMovieSource(movies: []) { number, query in
    let start = (number - 1) * query.pageSize
    let rows = max(0, min(query.pageSize, 500 - start))
    return .page(
      MoviePage(
        movies: [], rowCount: rows, totalCount: 500,
        warnings: (0..<rows).map { "Skipped row \($0 + 1) of the page." }))
  }

  @Test func warningsAreCappedWithACountOfTheRest() async throws {
    let browser = Browser(
      source: Self.titlelessSource, query: MovieQuery(pageSize: 10), prefetches: false)

    let scan = await browser.scan(
      for: try MovieSearch("x"), found: { _, _ in }, progress: { _, _ in })

    #expect(await browser.list.isComplete)
    #expect(scan.warnings.count == Browser.warningLimit + 1)
    #expect(scan.warnings.last == "… and 480 more such warnings.")
  }
}
