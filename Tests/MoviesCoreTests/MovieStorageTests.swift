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

  @Test func whatDetailsAddLivesInABoxOfItsOwnThatARowWithoutThemLacks() {
    // The six fields a source's details add cost a row one word until it has one of them:
    // 216 bytes of fields, where the six inline took about 340.
    #expect(MemoryLayout<Movie.Fields>.size <= 256)
    let detailed = movie.changing {
      $0.directors = ["Michael Mann"]
      $0.trailer = "https://www.youtube.com/watch?v=0xbBLJ1WGwQ"
    }
    #expect(detailed.directors == ["Michael Mann"] && detailed.cast.isEmpty)
    #expect(movie.directors.isEmpty && movie.trailer == nil, "the original keeps none")
    let emptied = detailed.changing {
      $0.directors = []
      $0.trailer = nil
    }
    #expect(emptied == movie, "no details is no details, however it came about")
    #expect(emptied.changing { $0.cast = [] } == movie)
    var fields = Movie.Fields(title: "Heat")
    fields.directors = []
    fields.providers = nil
    #expect(fields.details == nil, "fields set to nothing hold no box")
  }
}
