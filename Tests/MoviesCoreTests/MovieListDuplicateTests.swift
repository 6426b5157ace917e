import Testing

@testable import MoviesCore

/// Rows the server sends twice are listed once; a changed `totalCount` is adopted and
/// reported.
@Suite(.timeLimit(.minutes(1))) struct MovieListDuplicateTests {
  private func page(ids: ClosedRange<Int>, total: Int?) -> MoviePage {
    MoviePage(
      movies: ids.map { Movie(id: String($0), title: "Movie \($0)") }, totalCount: total)
  }

  @Test func rowsWithAnIDAlreadyListedAreDroppedAndNamed() {
    var list = MovieList(query: MovieQuery(pageSize: 10))
    list.add(page(ids: 1...10, total: 25))
    // The server's list shifted by three: page 2 starts with rows 8 to 10 again.
    let change = list.add(page(ids: 8...17, total: 25))

    #expect(change.droppedDuplicates == ["8", "9", "10"])
    #expect(change.rows == 11...17)
    #expect(list.movies.map(\.id) == (1...17).map { String($0) })
    #expect(list.loadedPages == 2)
    #expect(change.totalCountChange == nil)
  }

  @Test func rowsWithoutAnIDAreNeverDropped() {
    var list = MovieList(query: MovieQuery(pageSize: 2))
    list.add(MoviePage(movies: [Movie(title: "A"), Movie(title: "A")], totalCount: nil))
    let change = list.add(MoviePage(movies: [Movie(title: "A")], totalCount: nil))

    #expect(change.droppedDuplicates.isEmpty)
    #expect(list.movies.count == 3)
  }

  @Test func aPageOfOnlyDuplicatesAddsNoRowsButAdvances() {
    var list = MovieList(query: MovieQuery(pageSize: 10))
    list.add(page(ids: 1...10, total: 30))
    let change = list.add(page(ids: 1...10, total: 30))

    #expect(change.rows == nil)
    #expect(change.droppedDuplicates.count == 10)
    #expect(list.nextPage == 3)
  }

  @Test func aChangedTotalIsAdoptedAndReported() {
    var list = MovieList(query: MovieQuery(pageSize: 10))
    #expect(list.add(page(ids: 1...10, total: 25)).totalCountChange == nil)
    let change = list.add(page(ids: 11...20, total: 30))

    #expect(change.totalCountChange == MovieList.CountChange(old: 25, new: 30))
    #expect(list.totalCount == 30)
    #expect(list.add(page(ids: 21...30, total: nil)).totalCountChange == nil)
  }

  @Test func browserNotesSayWhatWasDroppedAndTheNewCount() {
    let change = MovieList.Change(
      rows: 11...17, droppedDuplicates: ["8", "9", "10"],
      totalCountChange: MovieList.CountChange(old: 25, new: 1_030))
    let notes = Browser.notes(on: change, query: MovieQuery())

    #expect(notes.count == 2)
    #expect(notes[0].contains("Dropped 3 rows already in the list (movie ID 8, 9, 10)"))
    #expect(notes[1].contains("now counts 1,030 movies instead of 25"))
  }

  @Test func aLongListOfDuplicatesNamesOnlyAFew() {
    let ids = (1...40).map { String($0) }
    let notes = Browser.notes(
      on: MovieList.Change(rows: nil, droppedDuplicates: ids), query: MovieQuery())

    #expect(notes.first?.contains("Dropped 40 rows") == true)
    #expect(notes.first?.contains("1, 2, 3, 4, 5, …") == true)
    #expect(notes.first?.contains("40") == true)
    #expect(notes.first?.contains(", 6") == false)
  }
}
