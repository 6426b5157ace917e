import Testing

@testable import MoviesCore

/// `show N`'s fields, in one order whatever the source.
@Suite(.timeLimit(.minutes(1))) struct MovieDetailsTests {
  /// What decides tonight comes first, in one order whatever the source: the overview,
  /// where to watch, the running time, genres, rating and release, who made it; then the rest.
  @Test func theFieldsThatDecideComeFirstInOneOrder() {
    let movie = Movie(
      id: "949", title: "Heat", genres: ["Crime"], link: "https://example.org/heat",
      rating: 7.9, releaseDate: "1995-12-15", runningTime: 170, grade: "R",
      otherFields: ["budget": "60000000"], overview: "A heist.",
      tagline: "A Los Angeles crime saga",
      directors: ["Michael Mann"],
      cast: [
        "Al Pacino", "Robert De Niro", "Val Kilmer", "Jon Voight", "Tom Sizemore", "Amy Brenneman",
      ],
      providers: WatchProviders(region: "US", stream: ["Max"]), imdbID: "tt0113277",
      trailer: "https://www.youtube.com/watch?v=abc")
    let labels = MovieDetails.render(movie, row: 1, palette: .plain)
      .split(separator: "\n").dropFirst().map {
        $0.split(separator: " ").first.map(String.init) ?? ""
      }
    #expect(
      labels == [
        "Overview", "Where", "Running", "Genres", "Rating", "Released", "Directors", "Cast",
        "Tagline", "Grade", "Trailer", "IMDb", "Movie", "Link", "Budget",
      ])
    // Money as people read it, not TMDb's data (issue 42).
    #expect(MovieDetails.render(movie, row: 1, palette: .plain).contains("  $60,000,000\n"))
    let text = MovieDetails.render(movie, row: 1, palette: .plain)
    #expect(
      text.contains(
        "  Cast            Al Pacino, Robert De Niro, Val Kilmer, Jon Voight, Tom Sizemore\n"))
    #expect(!text.contains("Amy Brenneman"), "the first five of the cast")
    #expect(text.contains("  Where to watch  Stream: Max (US, data by JustWatch)\n"))
  }
}
