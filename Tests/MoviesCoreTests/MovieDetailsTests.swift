import MoviesCore
import Testing

/// `show N`'s fields, whole or as what the details add under the list's fields.
@Suite(.timeLimit(.minutes(1))) struct MovieDetailsTests {
  private let known = Movie(
    id: "35", title: "Heat", rating: 8.3, releaseDate: "1995-12-15",
    otherFields: ["Popularity": "12.5"])

  @Test func theDetailsAddOnlyTheFieldsTheRowLackedOrChanged() {
    var full = known
    full.runningTime = 170
    full.otherFields["Popularity"] = "13.0"
    full.otherFields["Status"] = "Released"
    let added = MovieDetails.added(full, over: known, palette: .plain)
    #expect(
      added == """
          Running time  170 min
          Popularity    13.0
          Status        Released

        """)
    #expect(!added.contains("Heat"), "no second heading")
  }

  @Test func addedLabelsLineUpWithTheKnownPartsWhenTheyAreShorter() {
    var known = self.known
    known.link = "https://example.org/heat"
    var full = known
    full.grade = "R"
    let head = MovieDetails.render(known, row: 1, palette: .plain)
    let added = MovieDetails.added(full, over: known, palette: .plain)
    #expect(head.contains("  Link        https://example.org/heat\n"))
    #expect(added == "  Grade       R\n")
  }

  @Test func nothingNewAddsNothing() {
    #expect(MovieDetails.added(known, over: known, palette: .plain).isEmpty)
  }
}
