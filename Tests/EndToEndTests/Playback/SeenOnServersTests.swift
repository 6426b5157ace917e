import Foundation
import TestSupport
import Testing

/// `seen N` and `unseen N` tell a media server: Jellyfin's played items (`POST` and `DELETE
/// /UserPlayedItems/{id}`, or `/Users/{userId}/PlayedItems/{id}` before 10.9), Plex's
/// `/:/scrobble` and `/:/unscrobble`; checked in the request log, in what the server keeps
/// and in the marks on screen.
@Suite(.timeLimit(.minutes(3))) struct SeenOnServersTests {
  /// Row `row`'s progress mark in the table printed last.
  static func lastMark(_ run: MoviesRun, row: Int) -> String? {
    run.progressMarks.last { $0.number == row }?.mark
  }

  @Test func jellyfinIsToldWithTheUsersPlayedItemsAndTheListFollows() async throws {
    let server = try await JellyfinTestServer(limit: 20)
    let alice = try await server.userID("alice")
    let (row, film) = try #require(
      ServerFilm.firstUnstarted(in: try await server.films(userID: alice)))
    let seen = try await server.runMovies(["seen \(row)", "list"])
    #expect(seen.status == 0, "\(seen.stderr)")
    #expect(seen.stdout.contains("Marked row \(row), \"\(film.title)\", as seen."))
    #expect(Self.lastMark(seen, row: row) == "✓", "the list shows it at once")
    let posts = try server.requests().filter { $0.method == "POST" }
    #expect(posts.map(\.path) == ["/UserPlayedItems/\(film.id)"])
    #expect(posts.first?.query["userId"] == alice, "an API key writes the user's data")
    #expect(posts.first?.status == 200)
    #expect(try await server.film(film.id, userID: alice).played)

    let unseen = try await server.runMovies(["unseen \(row)", "list", "unseen \(row)"])
    #expect(unseen.status == 0, "\(unseen.stderr)")
    #expect(unseen.stdout.contains("Marked row \(row), \"\(film.title)\", as not seen."))
    #expect(Self.lastMark(unseen, row: row) == "", "no ✓ once unseen")
    let deletes = try server.requests().filter { $0.method == "DELETE" }
    #expect(deletes.map(\.path).first == "/UserPlayedItems/\(film.id)")
    #expect(deletes.allSatisfy { $0.query["userId"] == alice && $0.token == "api-key" })
    #expect(try await !server.film(film.id, userID: alice).played)
  }

  @Test func beforeJellyfin10_9ThePathsUnderTheUserAreUsed() async throws {
    let server = try await JellyfinTestServer(limit: 20, extraArguments: ["--before-10-9"])
    let alice = try await server.userID("alice")
    let films = try await server.films(userID: alice)
    let (row, film) = try #require(ServerFilm.firstUnstarted(in: films))
    let run = try await server.runMovies(["seen \(row)", "unseen \(row)", "seen \(row)-\(row + 1)"])
    #expect(run.status == 0, "\(run.stderr)")
    let writes = try server.requests().filter { $0.method != "GET" }
    let older = "/Users/\(alice)/PlayedItems/\(film.id)"
    #expect(writes.first?.status == 404, "the 10.9 path is tried first")
    #expect(
      writes.dropFirst().prefix(2).map { "\($0.method) \($0.path)" } == [
        "POST \(older)", "DELETE \(older)",
      ])
    #expect(writes.dropFirst(3).map(\.method) == ["POST", "POST"], "a range marks each")
    let now = try await server.films(userID: alice)
    #expect(now.first { $0.id == film.id }?.played == true)
  }

  @Test func aLabelThatNamesNothingMarksNothing() async throws {
    let server = try await JellyfinTestServer(limit: 20)
    let run = try await server.runMovies(["seen w1", "seen 99"])
    #expect(run.status != 0)
    #expect(try server.requests().allSatisfy { $0.method == "GET" }, "nothing is marked")
  }

  @Test func plexIsToldWithScrobbleAndUnscrobbleTheTokenInTheHeader() async throws {
    let server = try await PlexTestServer(limit: 20)
    let (row, film) = try #require(ServerFilm.firstUnstarted(in: try await server.films()))
    let run = try await MoviesRun.run(
      server.arguments(["--no-prefetch"]) + ["-c", "seen \(row)", "-c", "list"],
      environment: PlexTestServer.environment)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("Marked row \(row), \"\(film.title)\", as seen."))
    #expect(Self.lastMark(run, row: row) == "✓")
    let scrobbles = try server.requests().filter { $0.path == "/:/scrobble" }
    #expect(scrobbles.map { $0.query["key"] } == [film.id])
    #expect(scrobbles.first?.query["identifier"] == "com.plexapp.plugins.library")
    #expect(scrobbles.allSatisfy { $0.tokenVia == "header" && $0.status == 200 })
    #expect(try await server.film(film.id).played)

    let undone = try await MoviesRun.run(
      server.arguments(["--no-prefetch"]) + ["-c", "unseen \(row)", "-c", "list"],
      environment: PlexTestServer.environment)
    #expect(undone.status == 0, "\(undone.stderr)")
    #expect(Self.lastMark(undone, row: row) == "")
    let unscrobbles = try server.requests().filter { $0.path == "/:/unscrobble" }
    #expect(unscrobbles.map { $0.query["key"] } == [film.id])
    #expect(unscrobbles.allSatisfy { $0.tokenVia == "header" && $0.status == 200 })
    #expect(try await !server.film(film.id).played)
  }
}
