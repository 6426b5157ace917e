import Foundation
import TestSupport
import Testing

@testable import MoviesCore

/// `find` on a source that searches on its server: the results are numbered f1, f2, … apart
/// from the list, which the search leaves where it was, and are asked for once.
@Suite(.timeLimit(.minutes(1))) struct ServerSearchTests {
  /// The list is `Movie 1` to `Movie 25`; a search answers two pages of its own, whatever
  /// the words.
  private func makeSource() -> FakeMovieSource {
    let found = FakeMovieSource.numbered(15).map { movie in
      movie.changing {
        $0.id = "s" + (movie.id ?? "")
        $0.title = "Found " + movie.title
      }
    }
    return FakeMovieSource(movies: FakeMovieSource.numbered(25)) { page, query in
      guard query.isServerSearch else { return .serve }
      let rows = Array(found.dropFirst((page - 1) * 10).prefix(10))
      return .page(MoviePage(movies: rows, totalCount: found.count))
    }
  }

  @Test func theSearchLeavesTheListAndAsksForItsPagesOnce() async throws {
    let source = makeSource()
    let browser = Browser(source: source, query: MovieQuery(pageSize: 10), prefetches: false)
    _ = try await browser.loadNextPage()
    var query = MovieQuery(pageSize: 10)
    query.searchText = "found"
    let search = try MovieSearch("found rating:>7")

    let scan = await browser.serverSearch(
      ServerSearch(query, filtering: search), found: { _, _ in }, progress: { _, _ in })
    #expect(scan.matches.map(\.label.description) == (1...15).map { "f\($0)" })
    #expect(scan.matches.first?.movie.title == "Found Movie 1")
    #expect(scan.results?.loadedCount == 15)
    #expect(scan.list.shownCount == 10, "the list is where it was")
    #expect(source.requests.count == 3, "the list's page 1 and the search's two")

    let again = await browser.serverSearch(
      ServerSearch(query, filtering: search), found: { _, _ in }, progress: { _, _ in })
    #expect(again.matches == scan.matches)
    #expect(source.requests.count == 3, "the same search again asks for nothing")

    let next = try #require(try await browser.loadNextPage())
    #expect(next.added.range == 11...20)
    #expect(next.added.movies.first?.title == "Movie 11", "more goes on with the list")
  }

  /// After the first page gives the count, three pages are asked for at once, not one after
  /// another, and never more; their rows are numbered in the results' order, whatever order
  /// they arrive in.
  @Test func pagesAfterTheFirstAreAskedForThreeAtOnceAndJoinInOrder() async throws {
    let source = FakeMovieSource(movieCount: 70) { page, _ in page == 1 ? .serve : .waitForOpen }
    let browser = Browser(source: source, query: MovieQuery(pageSize: 10), prefetches: false)
    var query = MovieQuery(pageSize: 10)
    query.searchText = "movie"
    let search = try MovieSearch("movie")

    let scan = Task {
      await browser.serverSearch(
        ServerSearch(query, filtering: search), found: { _, _ in }, progress: { _, _ in })
    }
    // Pages 2 to 4 wait, so the batch they are in cannot end before they are let go.
    let fourAsked = try await eventually { source.requests.count >= 4 }
    #expect(fourAsked)
    #expect(source.requestedPages.sorted() == [1, 2, 3, 4], "page 1, then 2 to 4 together")
    source.open()
    let result = await scan.value
    #expect(source.requestedPages.sorted() == Array(1...7))
    #expect(result.matches.map(\.movie.title) == (1...70).map { "Movie \($0)" })
  }

  /// f1, f2, … keep their movies through a later page of the list and a search that finds
  /// nothing; the next search that finds any numbers its own.
  @Test func matchesKeepTheirNumbersUntilASearchFindsOthers() {
    let list = ListStatus(query: MovieQuery(pageSize: 10))
    func found(_ titles: [String]) -> FindResult {
      let matches = titles.enumerated().map {
        MovieSearch.Match(row: $0.offset + 1, movie: Movie(title: $0.element), kind: .match)
      }
      return FindResult(text: "x", matches: matches, list: list, elapsed: .zero, results: list)
    }
    let view = ViewState()
    view.record(found(["A", "B"]), query: list.query)
    #expect(view.rows == .matches(count: 2))
    view.record(found([]), query: list.query)
    #expect(view.rows == .matches(count: 2), "a search with no match leaves the view")
    #expect(view.matches?.map(\.title) == ["A", "B"])
    view.record(ListOutcome.pageLoaded(.none, list), query: list.query)
    #expect(view.matches?.map(\.title) == ["A", "B"], "a page of the list leaves f1, f2")
    view.record(found(["C"]), query: list.query)
    #expect(view.matches?.map(\.title) == ["C"])
  }

  /// A script's `thumb all` over the limit is told how to save matches, which ranges (rows of
  /// the list) cannot name.
  @Test func thumbAllsLimitSpeaksOfMatchesNotRanges() {
    let matches = ThumbRows.Error.tooMany(150, .match).message
    #expect(matches.contains("'thumb f1'"), "\(matches)")
    #expect(!matches.contains("thumb 1-150"))
    #expect(ThumbRows.Error.tooMany(150, .row).message.contains("'thumb 1-150'"))
  }
}
