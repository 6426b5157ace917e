import Foundation
import MoviesCore
import Testing

@Suite(.timeLimit(.minutes(1)))
struct RecordedSourceTests {
  @Test(arguments: [
    "offline", "tmdb", "http://127.0.0.1:8080/hoppin/movies", "jellyfin:http://media.local:8096",
    "tmdb:http://127.0.0.1:9000/3", "plex:http://media.local:32400",
  ])
  func everySourceARunRecordsReadsBackAsItself(id: String) throws {
    let source = try #require(RecordedSource(id))
    #expect(source.id == id)
  }

  @Test func aSessionFromEverySourceKindCanBeReopened() {
    for id in ["offline", "tmdb", "https://example.org/hoppin/movies", "jellyfin:http://h:8096"] {
      let saved = SavedSession(source: id, query: MovieQuery(), rows: 10)
      #expect(saved.problem == nil, "\(id)")
    }
  }

  @Test(arguments: [
    "", "file:///etc/passwd", "jellyfin:", "jellyfin:ftp://h", "tmdb2", "gopher://h",
    "Plex:http://h", "plex:", "x:http://h",
  ])
  func textNoRunWritesIsRefused(id: String) {
    #expect(RecordedSource(id) == nil)
    #expect(SavedSession(source: id, query: MovieQuery(), rows: 10).problem == "an unknown source")
  }
}
