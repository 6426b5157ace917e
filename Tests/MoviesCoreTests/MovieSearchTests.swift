import Testing

@testable import MoviesCore

/// `find`'s text: every word in the title, ignoring case, accents and width; filters.
@Suite(.timeLimit(.minutes(1))) struct MovieSearchTests {
  private func movie(
    _ title: String, year: String? = "1980", rating: Double? = 8, genres: [String] = []
  )
    -> Movie
  {
    Movie(title: title, genres: genres, rating: rating, releaseDate: year)
  }

  @Test(arguments: [
    ("star wars", "Star Wars: Episode V - The Empire Strikes Back", true),
    ("wars star", "Star Wars", true),
    ("star trek", "Star Wars", false),
    ("AMÉLIE", "Amelie", true),
    ("amelie", "Amélie", true),
    ("ｓｔａｒ", "Star", true),
    ("올드", "올드보이", true),
    ("보이", "올드보이", true),
    ("오", "올드보이", false),
  ])
  func wordsMatchTheTitle(text: String, title: String, matches: Bool) throws {
    #expect(try MovieSearch(text).matches(movie(title)) == matches)
  }

  @Test func filtersNarrowByGenreYearAndRating() throws {
    let heat = movie("Heat", year: "19951215", rating: 8.3, genres: ["Action", "Crime Drama"])
    #expect(try MovieSearch("genre:drama").matches(heat))
    #expect(try MovieSearch("genre:action genre:crime heat").matches(heat))
    #expect(try !MovieSearch("genre:comedy").matches(heat))
    #expect(try MovieSearch("year:1990-1999").matches(heat))
    #expect(try MovieSearch("year:1995").matches(heat))
    #expect(try MovieSearch("year:-1995").matches(heat))
    #expect(try !MovieSearch("year:1996-").matches(heat))
    #expect(try MovieSearch("rating:>8").matches(heat))
    #expect(try !MovieSearch("rating:>8.3").matches(heat))
    #expect(try MovieSearch("rating:>=8.3").matches(heat))
    #expect(try MovieSearch("rating:<=8.3 rating:8").matches(heat))
    #expect(try !MovieSearch("rating:<8.3").matches(heat))
    #expect(try MovieSearch("rating:8-9").matches(heat))
    #expect(try !MovieSearch("rating:1").matches(movie("No rating", rating: nil)))
    #expect(try !MovieSearch("year:1980").matches(movie("No year", year: nil)))
  }

  @Test(arguments: [
    ("year:19x", MovieSearch.Error.badYear("year:19x")),
    ("year:1990-1980", .badYear("year:1990-1980")),
    ("year:-", .badYear("year:-")),
    ("rating:>x", .badRating("rating:>x")),
    ("rating:9-8", .badRating("rating:9-8")),
    ("rating:>11", .ratingOutOfRange("rating:>11")),
    ("rating:<12", .ratingOutOfRange("rating:<12")),
    ("rating:>10", .ratingOutOfRange("rating:>10")), ("votes:lots", .badVotes("votes:lots")),
    ("genre:", .emptyFilter("genre:")),
    ("star YEAR:", .emptyFilter("YEAR:")),
  ])
  func badFiltersSayWhatToType(text: String, error: MovieSearch.Error) {
    #expect(throws: error) { try MovieSearch(text) }
    #expect(!error.message.isEmpty)
  }

  @Test func aWordWithAColonThatIsNoFilterIsAWord() throws {
    #expect(try MovieSearch("star: wars").matches(movie("Star: Wars")))
  }
}
