import Testing

@testable import MoviesCore

@Suite(.timeLimit(.minutes(1))) struct MovieListTests {
  private let query = MovieQuery(pageSize: 10)

  /// A page of `rows` rows of which `skipped` could not be used, numbered from `first`.
  private func page(rows: Int, skipped: Int = 0, first: Int = 1, total: Int?) -> MoviePage {
    let kept = rows - skipped
    let movies = (0..<kept).map { Movie(title: "Movie \(first + $0)") }
    return MoviePage(movies: movies, rowCount: rows, totalCount: total)
  }

  @Test func rowsLoadedAheadAreShownAPageAtATimeWithoutMovingThePositionFirst() {
    var list = MovieList(query: query)
    list.append(page(rows: 10, total: 25))
    // A search's large page joins the list but is not shown.
    _ = list.add(page(rows: 15, first: 11, total: 25), spanning: 2)
    #expect(list.status.shownCount == 10 && list.status.loadedCount == 25)
    #expect(list.isComplete && list.status.moreRemains)
    #expect(list.showNextLoaded() == 11...20)
    #expect(list.showNextLoaded() == 21...25)
    #expect(list.showNextLoaded() == nil)
    #expect(!list.status.moreRemains)
    #expect(StatusLine.prompt(list.status) == "movies 25> ")
  }

  @Test func appendAdvancesThePageCounterAndReturnsTheNewRows() {
    var list = MovieList(query: query)
    #expect(list.loadedPages == 0)
    #expect(list.nextPage == 1)

    #expect(list.append(page(rows: 10, total: 25)) == 1...10)
    #expect(list.loadedPages == 1)
    #expect(list.nextPage == 2)

    #expect(list.append(page(rows: 10, first: 11, total: 25)) == 11...20)
    #expect(list.loadedPages == 2)
    #expect(list.nextPage == 3)
    #expect(list.movies.count == 20)
    #expect(list.movie(atRow: 11)?.title == "Movie 11")
  }

  @Test func completeWhenRowsReachTheTotalCount() {
    var list = MovieList(query: query)
    list.append(page(rows: 10, total: 20))
    #expect(!list.isComplete)
    list.append(page(rows: 10, total: 20))  // full page, but nothing remains
    #expect(list.isComplete)
    #expect(list.nextPage == nil)
  }

  @Test func completeAfterAShortPage() {
    var list = MovieList(query: query)
    list.append(page(rows: 10, total: nil))
    #expect(list.append(page(rows: 5, first: 11, total: nil)) == 11...15)
    #expect(list.isComplete)
    #expect(list.nextPage == nil)
  }

  @Test func aShortPageDoesNotEndAListWhoseTotalSaysMoreRemain() {
    // A server that caps the page size at 5 while the client asks for 10.
    var list = MovieList(query: query)
    list.append(page(rows: 5, total: 12))
    #expect(!list.isComplete)
    #expect(list.nextPage == 2)
    list.append(page(rows: 5, first: 6, total: 12))
    #expect(!list.isComplete)
    list.append(page(rows: 2, first: 11, total: 12))
    #expect(list.isComplete)
    #expect(list.movies.count == 12)
  }

  @Test func anEmptyPageEndsTheListEvenWhenTheTotalSaysMore() {
    var list = MovieList(query: query)
    list.append(page(rows: 10, total: 30))
    list.append(page(rows: 0, total: 30))
    #expect(list.isComplete)
  }

  @Test func repeatedRowsDoNotCountTowardsTheTotal() {
    // 20 movies; from page 2 on, the server's pages start three rows early, so page 2
    // repeats rows 8-10 and rows 18-20 are still to come.
    let movies = (1...20).map { Movie(id: String($0), title: "Movie \($0)") }
    var list = MovieList(query: query)
    list.add(MoviePage(movies: Array(movies[0..<10]), totalCount: 20))
    let change = list.add(MoviePage(movies: Array(movies[7..<17]), totalCount: 20))
    #expect(change.droppedDuplicates == ["8", "9", "10"])
    #expect(!list.isComplete, "17 distinct rows of 20")
    #expect(list.nextPage == 3)
    list.add(MoviePage(movies: Array(movies[17..<20]), totalCount: 20))
    #expect(list.isComplete)
    #expect(list.movies.map(\.title) == movies.map(\.title))
  }

  @Test func completeAfterAnEmptyPage() {
    var list = MovieList(query: query)
    list.append(page(rows: 10, total: nil))
    #expect(list.append(page(rows: 0, total: nil)) == nil)
    #expect(list.loadedPages == 2)
    #expect(list.movies.count == 10)
    #expect(list.isComplete)
    #expect(list.nextPage == nil)
  }

  @Test func aPageWithSkippedRowsDoesNotLookShort() {
    var list = MovieList(query: query)
    #expect(list.append(page(rows: 10, skipped: 1, total: nil)) == 1...9)
    #expect(!list.isComplete)
    #expect(list.nextPage == 2)
  }

  @Test func skippedRowsCountTowardsTheTotal() {
    var list = MovieList(query: query)
    list.append(page(rows: 10, skipped: 1, total: 20))
    list.append(page(rows: 10, first: 10, total: 20))
    // 19 movies, but the server has sent all 20 rows.
    #expect(list.movies.count == 19)
    #expect(list.isComplete)
  }

  @Test(
    arguments: [(0, nil), (1, "Movie 1"), (15, "Movie 15"), (16, nil), (-1, nil)]
      as [(Int, String?)])
  func movieAtRow(row: Int, title: String?) {
    var list = MovieList(query: query)
    list.append(page(rows: 10, total: 15))
    list.append(page(rows: 5, first: 11, total: 15))
    #expect(list.movie(atRow: row)?.title == title)
  }

  @Test func totalCountComesFromTheLatestPageThatGivesOne() {
    var list = MovieList(query: query)
    #expect(list.totalCount == nil)
    list.append(page(rows: 10, total: 40))
    #expect(list.totalCount == 40)
    list.append(page(rows: 10, total: 30))
    #expect(list.totalCount == 30)
    list.append(page(rows: 10, total: nil))
    #expect(list.totalCount == 30)
    #expect(list.isComplete)
  }

  @Test func unknownTotalStaysIncompleteWhilePagesAreFull() {
    var list = MovieList(query: query)
    for pageNumber in 1...3 {
      list.append(page(rows: 10, first: (pageNumber - 1) * 10 + 1, total: nil))
      #expect(!list.isComplete)
    }
    #expect(list.nextPage == 4)
    #expect(list.totalCount == nil)
  }

  @Test func theColumnsAreMeasuredOnceFromTheFirstPage() {
    var list = MovieList(query: query)
    #expect(list.status.columns == .unknown)
    // A first page short of two skipped rows is measured again as the next page fills it.
    list.append(page(rows: 10, skipped: 2, total: 30))
    #expect(list.status.columns == ColumnNeeds(title: "Movie 8".count, genres: 0))
    let later =
      [Movie(title: "Movie 9", genres: ["Drama"]), Movie(title: "Movie 10")]
      + (0..<8).map { Movie(title: "A title far longer than any on the first page \($0)") }
    list.append(MoviePage(movies: later, totalCount: 30))
    let first = ColumnNeeds(title: "Movie 10".count, genres: "Drama".count)
    #expect(list.status.columns == first)
    // Later pages never move the columns, so their rows line up with the first page's.
    list.append(MoviePage(movies: later, totalCount: 30))
    #expect(list.status.columns == first)
  }
}
