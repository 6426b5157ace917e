import Foundation
import MoviesCore
import Testing

/// A saved session read back from disk: every source's id can be reopened, others cannot.
@Suite(.timeLimit(.minutes(1))) struct SavedSessionProblemTests {
  private func problem(source: String) -> String? {
    SavedSession(source: source, query: MovieQuery(), rows: 20).problem
  }

  @Test func everySourcesIdIsOneThatCanBeReopened() {
    for source in [
      "offline", "tmdb", "http://127.0.0.1:8080/hoppin/movies", "jellyfin:http://127.0.0.1:8096",
    ] {
      #expect(problem(source: source) == nil, "\(source)")
    }
  }

  @Test func anUnknownSourceIsNamed() {
    for source in ["", "ftp://example.com", "jellyfin:", "jellyfin:nowhere", "tmdb2"] {
      #expect(problem(source: source) == "an unknown source", "\(source)")
    }
  }
}
