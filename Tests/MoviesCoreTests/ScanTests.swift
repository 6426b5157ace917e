import Foundation
import Synchronization
import Testing

@testable import MoviesCore

/// `find`'s full scan: larger pages that line up with the list's, in flight together, joined
/// in order; capped servers, failures and Ctrl-C keep what was loaded.
@Suite(.timeLimit(.minutes(1))) struct ScanTests {
  /// Movies `Movie 1`…`Movie N` served like the test server: the page size capped at `cap`,
  /// the offset computed with the capped size. Records each request; pages from `hangFrom`
  /// on wait until cancelled, and `failing` pages throw.
  final class PagedSource: MovieSource {
    struct Failure: Error {}
    let count: Int
    let cap: Int
    let hangFrom: Int?
    let failing: Set<Int>
    let requests = Mutex<[(page: Int, size: Int)]>([])

    init(count: Int, cap: Int = 1_000, hangFrom: Int? = nil, failing: Set<Int> = []) {
      self.count = count
      self.cap = cap
      self.hangFrom = hangFrom
      self.failing = failing
    }

    var name: String { "the paged source" }

    func page(_ number: Int, of query: MovieQuery) async throws -> MoviePage {
      requests.withLock { $0.append((number, query.pageSize)) }
      if let hangFrom, number >= hangFrom { try await Task.sleep(for: .seconds(600)) }
      if failing.contains(number) { throw Failure() }
      let size = min(cap, query.pageSize)
      let start = min(count, (number - 1) * size)
      let movies = (start..<min(count, start + size)).map {
        Movie(id: String($0 + 1), title: "Movie \($0 + 1)", rating: Double($0 % 10))
      }
      return MoviePage(movies: movies, totalCount: count)
    }

    func thumbnailURL(for reference: String) throws -> URL { throw Failure() }
    func thumbnailData(at url: URL) async throws -> Data { throw Failure() }
  }

  private func browser(_ source: PagedSource, pageSize: Int = 10, prefetches: Bool = false)
    -> Browser
  {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-tests")
    return Browser(
      source: source, query: MovieQuery(pageSize: pageSize),
      thumbnails: ThumbnailStore(downloadFolder: folder, cacheFolder: folder),
      prefetches: prefetches)
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
    let source = PagedSource(count: 1_234)
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
    let sizes = source.requests.withLock { $0.map(\.size) }
    #expect(sizes.allSatisfy { $0 % 10 == 0 }, "every page size is a multiple of --count")
    #expect(sizes.count < 15, "large pages, not one per page of 10: \(sizes)")
  }

  @Test func aCappedServerIsScannedInPagesItServesWhole() async throws {
    let source = PagedSource(count: 777, cap: 100)
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
    let source = PagedSource(count: 3_000, failing: [2])
    let browser = browser(source)

    let scan = await browser.scan(
      for: try MovieSearch("movie"), found: { _, _ in }, progress: { _, _ in })

    #expect(scan.failure is PagedSource.Failure)
    let list = await browser.list
    #expect(titles(list) == (1...640).map { "Movie \($0)" }, "the page before the failure joined")
    #expect(list.loadedPages == 64, "counted in pages of 10")
    // `more` shows the loaded rows first, from the top and with no request, then goes on.
    let asked = source.requests.withLock { $0.count }
    #expect(try await browser.loadNextPage()?.added.range == 1...10)
    #expect(source.requests.withLock { $0.count } == asked)
    for _ in 2...64 { _ = try await browser.loadNextPage() }
    #expect(source.requests.withLock { $0.count } == asked)
    #expect(try await browser.loadNextPage()?.added.range == 641...650)
    #expect(await browser.list.movies.last?.title == "Movie 650")
    #expect(source.requests.withLock { $0.last! == (65, 10) })
  }

  @Test func cancellingKeepsEveryPageThatJoined() async throws {
    let source = PagedSource(count: 10_000, hangFrom: 3)
    let browser = browser(source)
    let searched = Mutex(0)
    let task = Task {
      await browser.scan(
        for: try MovieSearch("movie 1"), found: { _, _ in },
        progress: { done, _ in searched.withLock { $0 = done } })
    }
    while searched.withLock({ $0 }) < 1_280 { try await Task.sleep(for: .milliseconds(5)) }
    task.cancel()
    let scan = try await task.value

    #expect(scan.stopped)
    let list = await browser.list
    #expect(titles(list) == (1...1_280).map { "Movie \($0)" })
    #expect(scan.matches.map(\.row) == (1...1_280).filter { String($0).contains("1") })
    #expect(list.nextPage == 129)
  }

  @Test func thePageFetchedAheadJoinsFirstAndNoRowIsAskedForTwice() async throws {
    let source = PagedSource(count: 2_000)
    let browser = browser(source, prefetches: true)
    _ = try await browser.loadNextPage()

    _ = await browser.scan(for: try MovieSearch("x"), found: { _, _ in }, progress: { _, _ in })

    #expect(titles(await browser.list) == (1...2_000).map { "Movie \($0)" })
    let ranges = source.requests.withLock { $0.map { ($0.page - 1) * $0.size..<$0.page * $0.size } }
    for (index, range) in ranges.enumerated() {
      for other in ranges[(index + 1)...] {
        #expect(!range.overlaps(other), "\(range) asked twice")
      }
    }
  }

  /// Every row without a title: each page warns about each row.
  final class TitlelessSource: MovieSource {
    struct Failure: Error {}
    var name: String { "titleless" }
    func page(_ number: Int, of query: MovieQuery) async throws -> MoviePage {
      let start = (number - 1) * query.pageSize
      let rows = max(0, min(query.pageSize, 500 - start))
      return MoviePage(
        movies: [], rowCount: rows, totalCount: 500,
        warnings: (0..<rows).map { "Skipped row \($0 + 1) of the page." })
    }
    func thumbnailURL(for reference: String) throws -> URL { throw Failure() }
    func thumbnailData(at url: URL) async throws -> Data { throw Failure() }
  }

  @Test func warningsAreCappedWithACountOfTheRest() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-tests")
    let browser = Browser(
      source: TitlelessSource(), query: MovieQuery(pageSize: 10),
      thumbnails: ThumbnailStore(downloadFolder: folder, cacheFolder: folder), prefetches: false)

    let scan = await browser.scan(
      for: try MovieSearch("x"), found: { _, _ in }, progress: { _, _ in })

    #expect(await browser.list.isComplete)
    #expect(scan.warnings.count == Browser.warningLimit + 1)
    #expect(scan.warnings.last == "… and 480 more such warnings.")
  }
}
