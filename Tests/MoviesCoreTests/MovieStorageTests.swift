import Testing

@testable import MoviesCore

/// A movie's fields live in one shared box: copies cost a reference, and it is still a value.
@Suite(.timeLimit(.minutes(1))) struct MovieStorageTests {
  private let movie = Movie(
    id: "7", title: "Heat", genres: ["Crime"], rating: 8.3, otherFields: ["country": "US"])

  @Test func aRowOfTheListIsOneWord() {
    // Copying a row into a page, the list or a table retains one box, not each field's text.
    #expect(MemoryLayout<Movie>.size == MemoryLayout<Int>.size)
  }

  @Test func changingACopyLeavesTheOriginalAsItWas() {
    let copy = movie.changing {
      $0.title = "Heat (1995)"
      $0.genres.append("Drama")
      $0.otherFields["budget"] = "60000000"
    }
    #expect(movie.title == "Heat")
    #expect(movie.genres == ["Crime"])
    #expect(movie.otherFields == ["country": "US"])
    #expect(copy.title == "Heat (1995)")
    #expect(copy.genres == ["Crime", "Drama"])
    #expect(copy.otherFields == ["country": "US", "budget": "60000000"])
  }

  @Test func moviesAreEqualByTheirFieldsNotTheirBoxes() {
    let twin = Movie(
      id: "7", title: "Heat", genres: ["Crime"], rating: 8.3, otherFields: ["country": "US"])
    #expect(twin == movie)
    #expect(Set([movie, twin]).count == 1)
    let other = twin.changing { $0.rating = 8.4 }
    #expect(other != movie)
  }
}
