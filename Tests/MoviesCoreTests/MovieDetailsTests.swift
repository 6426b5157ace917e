import Testing

@testable import MoviesCore

/// `show N`'s fields, whole or as what the details add under the list's fields.
@Suite(.timeLimit(.minutes(1))) struct MovieDetailsTests {
  private let known = Movie(
    id: "35", title: "Heat", rating: 8.3, releaseDate: "1995-12-15",
    otherFields: ["Popularity": "12.5"])

  @Test func theDetailsAddOnlyTheFieldsTheRowLackedOrChanged() {
    let full = known.changing {
      $0.runningTime = 170
      $0.otherFields["Popularity"] = "13.0"
      $0.otherFields["Status"] = "Released"
    }
    let added = MovieDetails.added(full, over: known, palette: .plain)
    // In the column of the widest label a source's details add (TMDb's "Where to watch").
    #expect(
      added == """
          Running time    170 min
          Popularity      13.0
          Status          Released

        """)
    #expect(!added.contains("Heat"), "no second heading")
  }

  @Test func addedLabelsLineUpWithTheKnownPartsWhenTheyAreShorter() {
    let known = self.known.changing { $0.link = "https://example.org/heat" }
    let full = known.changing { $0.grade = "R" }
    let head = MovieDetails.render(known, row: 1, palette: .plain, detailsFollow: true)
    let added = MovieDetails.added(full, over: known, palette: .plain)
    #expect(head.contains("  Link            https://example.org/heat\n"))
    #expect(added == "  Grade           R\n")
    // Shown whole, the fields take the column their own labels need.
    #expect(
      MovieDetails.render(known, row: 1, palette: .plain)
        .contains("  Link        https://example.org/heat\n"))
  }

  @Test func nothingNewAddsNothing() {
    #expect(MovieDetails.added(known, over: known, palette: .plain).isEmpty)
  }
}
