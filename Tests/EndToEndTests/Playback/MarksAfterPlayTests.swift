import Foundation
import TestSupport
import Testing

/// After `play`, every row of the film on screen takes its new state: the list, a server
/// search's matches (a repeated `find` asks the server again rather than answering from what
/// it said before the play), `show fN`, and the watchlist.
@Suite(.timeLimit(.minutes(3))) struct MarksAfterPlayTests {
  /// The label `find` gave `title` in `run`'s matches.
  static func match(of title: String, in run: MoviesRun) -> String? {
    matchLines(in: run).first { $0.contains(title) }
      .flatMap { $0.split(separator: " ").first.map(String.init) }
  }

  /// The lines of `find`'s matches, `fN` first.
  static func matchLines(in run: MoviesRun) -> [Substring] {
    run.stdout.split(separator: "\n").map { $0.drop { $0 == " " } }.filter { $0.hasPrefix("f") }
  }

  @Test func aRepeatedFindTheListAndShowFNSayWhereItStopped() async throws {
    let server = try await JellyfinTestServer(limit: 20)
    let (row, film) = try #require(
      ServerFilm.firstUnstarted(in: try await server.films(token: JellyfinTestServer.bobToken)))
    let player = try StandInPlayer()
    defer { player.remove() }
    let search = "find \(film.title)"
    let playing = StandInPlayer.playing(
      speed: film.length, length: film.length, quitAfter: (film.length * 0.41).rounded())
    let first = try await JellyfinReportTests.play(
      server, "\(search)\n", player: player, playing: playing)
    let label = try #require(Self.match(of: film.title, in: first), "\(first.stdout)")
    let searchesBefore = try server.requests().filter { $0.query["SearchTerm"] != nil }.count

    let run = try await JellyfinReportTests.play(
      server, "\(search)\nplay \(label)\n\(search)\nshow \(label)\nlist\n", player: player,
      playing: playing)
    #expect(run.status == 0, "\(run.stderr)")
    let searches = try server.requests().filter { $0.query["SearchTerm"] != nil }.count
    #expect(searches - searchesBefore == 2, "the second find asked the server again")
    let matches = Self.matchLines(in: run).filter {
      $0.hasPrefix(label + " ") && $0.contains(film.title)
    }
    // The first find's row, the second's, and `show fN`'s title line.
    #expect(matches.count == 3, "\(run.stdout)")
    #expect(matches.first?.contains("▶") == false, "not started before")
    #expect(matches.dropFirst().first?.contains("▶ 41%") == true, "\(run.stdout)")
    #expect(run.stdout.contains("Stopped at"), "show fN after the play")
    #expect(!run.stdout.contains("Not played"))
    #expect(run.progressMarks.last { $0.number == row }?.mark == "▶ 41%", "the list's row")
  }

  @Test func onPlexAScrobbledFilmIsPlayedInTheList() async throws {
    let server = try await PlexTestServer(limit: 20)
    let (row, film) = try #require(ServerFilm.firstUnstarted(in: try await server.films()))
    let player = try StandInPlayer()
    defer { player.remove() }
    let run = try await player.play(
      server.arguments(["--no-prefetch"]), "more\nplay \(row)\nlist\n",
      playing: StandInPlayer.playing(speed: film.length / 2, length: film.length),
      environment: PlexTestServer.environment)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try server.requests().contains { $0.path == "/:/scrobble" })
    let marks = run.progressMarks.filter { $0.number == row }.map(\.mark)
    #expect(marks.first == "", "not started before")
    #expect(marks.last == "✓", "played after the scrobble: \(marks)")
  }

  @Test func theWatchlistOfAServerHasTheMarkColumnAndShowWNTheDetails() async throws {
    let server = try await JellyfinTestServer(limit: 20)
    let alice = try await server.userID("alice")
    let (row, film) = try #require(
      ServerFilm.firstUnstarted(in: try await server.films(userID: alice)))
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = ["MOVIES_DB": folder.appendingPathComponent("movies.sqlite3").path]
    let environment = JellyfinTestServer.tokenEnvironment.merging(database) { _, new in new }
    let run = try await server.runMovies(
      ["watch \(row)", "seen \(row)", "watchlist", "show \(row)", "show w1"],
      environment: environment)
    #expect(run.status == 0, "\(run.stderr)")
    let entry = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("w1 ") })
    #expect(entry.contains("✓") && entry.contains(film.title), "\(entry)")
    let shown = run.stdout.components(separatedBy: "On the watchlist")
    let rowShown = try #require(shown.first)
    let entryShown = try #require(shown.dropFirst().first)
    #expect(rowShown.contains("Cast"))
    for field in ["Directors", "Cast", "Tagline", "Trailer", "Progress"]
    where rowShown.contains(field) {
      #expect(entryShown.contains(field), "show w1 has \(field) as show N does")
    }
    #expect(entryShown.contains("Played"))
  }
}
