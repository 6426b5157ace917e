import Foundation
import Testing

@testable import MoviesCore

/// What you have seen, at a glance: a narrow column of `✓` and `▶ 40%` marks, only for a
/// source with playback data, lined up under Korean titles like the rest of the table.
@Suite(.timeLimit(.minutes(1))) struct ProgressColumnTests {
  private static let movies = [
    Movie(
      title: "올드보이", genres: ["드라마"], rating: 8.4, releaseDate: "2003",
      playback: Playback(played: true, length: 7200)),
    Movie(
      title: "Oldboy", genres: ["Drama"], rating: 8.95, releaseDate: "2003",
      playback: Playback(played: false, position: 2880, length: 7200)),
    Movie(
      title: "살인의 추억", genres: ["범죄"], rating: 7.1, releaseDate: "2003",
      playback: Playback(played: false)),
  ]

  private func lines(_ movies: [Movie], marks: MovieTable.Marks? = nil) -> [String] {
    let table = MovieTable(
      width: 80, largestRow: 100, palette: .plain, firstPage: movies, marks: marks)
    return (table.header() + "\n" + table.rows(movies, firstRow: 1))
      .split(separator: "\n").map(String.init)
  }

  private func column(before needle: String, in line: String) throws -> Int {
    let range = try #require(line.range(of: needle))
    return DisplayWidth.columns(of: line[..<range.lowerBound])
  }

  @Test func playedAndStoppedRowsAreMarkedAndTheTitlesLineUp() throws {
    let marks = MovieTable.Marks(watched: [WatchEntry.key(for: Self.movies[0])], symbol: "★")
    let lines = lines(Self.movies, marks: marks)
    #expect(lines[1].hasPrefix("  1 ★ ✓      올드보이"), "\(lines[1])")
    #expect(lines[2].hasPrefix("  2   ▶ 40%  Oldboy"), "\(lines[2])")
    #expect(lines[3].hasPrefix("  3          살인의 추억"), "\(lines[3])")
    let title = try column(before: "Title", in: lines[0])
    let genres = try column(before: "Genres", in: lines[0])
    let cells = [("올드보이", "드라마"), ("Oldboy", "Drama"), ("살인의", "범죄")]
    for (line, (name, genre)) in zip(lines.dropFirst(), cells) {
      #expect(try column(before: name, in: line) == title, "\(line)")
      #expect(try column(before: genre, in: line) == genres, "\(line)")
    }
    #expect(lines.allSatisfy { DisplayWidth.columns(of: $0) <= 80 })
  }

  @Test func aSourceWithoutPlaybackHasNoColumn() {
    let plain = Self.movies.map { Movie(title: $0.title, genres: $0.genres, rating: $0.rating) }
    #expect(lines(plain)[1].hasPrefix("  1  올드보이"), "\(lines(plain)[1])")
  }

  @Test(arguments: [
    (Playback(played: true, position: 10, length: 100), "✓"),
    (Playback(played: false, position: 1, length: 7200), "▶ 1%"),
    (Playback(played: false, position: 7199, length: 7200), "▶ 99%"),
    // A server's position past the end is the end: still in progress, never 100 %.
    (Playback(played: false, position: 9000, length: 7200), "▶ 99%"),
    (Playback(played: false, position: 60), "▶"),
    (Playback(played: false, position: 60, length: 0), "▶"),
    (Playback(played: false, position: -5, length: 100), ""),
  ])
  func eachPlaybackHasItsMark(playback: Playback, mark: String) {
    #expect(MovieTable.progress(playback) == mark)
  }

  /// Without Unicode the marks are ASCII, as `★` becomes `*`.
  @Test func withoutUnicodeTheMarksAreASCII() {
    let page = MoviePage(movies: Self.movies, totalCount: 3)
    var list = MovieList(query: MovieQuery())
    _ = list.add(page)
    list.showLoaded()
    let layout = TextRenderer.Layout(width: 80, palette: .plain, unicode: false)
    let text = TextRenderer(layout: layout).render(
      CommandResult(outcome: .success(ListOutcome.list(AddedRows(1...3, of: list), list.status)))
    ).text
    #expect(text.contains("1  x      올드보이"), "\(text)")
    #expect(text.contains("2  > 40%  Oldboy"), "\(text)")
  }

  @Test func showSaysProgressNotWatched() {
    let text = MovieDetails.render(Self.movies[1], row: 2, palette: .plain)
    #expect(text.contains("Progress  Stopped at 48:00 of 2:00:00"), "\(text)")
    #expect(!text.contains("Watched"))
    #expect(
      MovieDetails.render(Self.movies[0], row: 1, palette: .plain).contains("Progress  Played"))
  }

  @Test func jsonRowsCarryPlaybackAndOnWatchlist() throws {
    let movie = Self.movies[1]
    let result = CommandResult(
      outcome: .success(MovieShown(movie, row: 2, thumbnail: .notCached)),
      watched: [WatchEntry.key(for: movie)])
    let text = JSONRenderer.render(result, of: .act(.show, 2)).text
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let shown = try #require(object["movie"] as? [String: Any])
    #expect(shown["onWatchlist"] as? Bool == true)
    #expect(shown["watched"] == nil)
    let playback = try #require(shown["playback"] as? [String: Any])
    #expect(playback["played"] as? Bool == false)
    #expect(playback["position"] as? Int == 2880)
    #expect(playback["length"] as? Int == 7200)
  }
}
