import Foundation
import TestSupport
import Testing

/// Watchlist entries and search matches as the row commands see them, against the local
/// Jellyfin: `show wN` refreshes what the watchlist keeps from the server when it answers
/// and shows what was kept when it does not; `play wN` and `play fN` play the film named.
@Suite(.timeLimit(.minutes(3))) struct WatchlistEntryTests {
  private func run(
    _ server: JellyfinTestServer, _ commands: [String], database: String,
    extra: [String] = [], environment: [String: String] = [:]
  ) async throws -> MoviesRun {
    var environment = environment
    environment["JELLYFIN_TOKEN"] = JellyfinTestServer.apiKey
    environment["MOVIES_DB"] = database
    return try await MoviesRun.run(
      [
        "--source", "jellyfin", "--api", server.baseURL.absoluteString, "--jellyfin-user", "alice",
        "--no-prefetch", "--retries", "0",
      ] + extra + commands.flatMap { ["-c", $0] },
      environment: environment)
  }

  private func jsonLines(_ run: MoviesRun) -> [[String: Any]] {
    run.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  @Test func showOfAnEntryRefreshesWhatIsKeptAndShowsTheKeptWhenTheServerFails() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = folder.appendingPathComponent("movies.sqlite3").path
    let server = try await JellyfinTestServer(
      limit: 20, extraArguments: ["--item-unavailable", "1"])
    let watched = try await run(server, ["watch 3"], database: database, extra: ["--json"])
    #expect(watched.status == 0, "\(watched.stderr)")
    let movie = try #require(jsonLines(watched).last?["movie"] as? [String: Any])
    let id = try #require(movie["id"] as? String)
    let overview = try #require(movie["overview"] as? String)
    let minutes = try #require(movie["runtime"] as? Int)
    #expect(try PythonSQLite.value(of: "SELECT overview FROM watchlist", in: database) == overview)
    // What an older run kept, before the server changed its text.
    try PythonSQLite.run(
      "UPDATE watchlist SET overview = 'Words kept long ago.', running_time = 1", on: database)

    // The server fails the first lookup: what was kept, and one line saying why.
    let failed = try await run(server, ["show w1"], database: database)
    #expect(failed.status == 0, "\(failed.stderr)")
    #expect(failed.stdout.contains("Words kept long ago."))
    #expect(failed.stdout.contains("Running time  1 min"))
    #expect(failed.stderr.contains("What the watchlist kept is shown."), "\(failed.stderr)")
    #expect(failed.stderr.split(separator: "\n").count == 1)

    let fresh = try await run(server, ["show w1"], database: database)
    #expect(fresh.status == 0, "\(fresh.stderr)")
    #expect(fresh.stdout.contains(overview), "\(fresh.stdout)")
    #expect(fresh.stdout.contains("Running time  \(minutes) min"))
    #expect(fresh.stdout.contains("Progress"), "the user's progress comes with it")
    #expect(!fresh.stdout.contains("Words kept long ago."))
    #expect(fresh.stderr.isEmpty, "\(fresh.stderr)")
    let lookups = try server.requests().filter {
      $0.path.lowercased() == "/items/\(id.lowercased())"
    }
    #expect(lookups.map(\.status) == [503, 200])
    #expect(lookups.allSatisfy { $0.query["userId"]?.isEmpty == false && $0.token == "api-key" })
    // Kept for the next time the server is out of reach.
    #expect(try PythonSQLite.value(of: "SELECT overview FROM watchlist", in: database) == overview)
    #expect(
      try PythonSQLite.value(of: "SELECT running_time FROM watchlist", in: database)
        == String(minutes))
  }

  /// A server before 10.9 answers `/Items/{id}` 404: `show wN` asks `/Users/{userId}/Items/{id}`
  /// instead, as `play N` does, and shows what the server has rather than what was kept.
  @Test func showOfAnEntryOnAServerBefore10_9AsksTheOlderPath() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = folder.appendingPathComponent("movies.sqlite3").path
    let server = try await JellyfinTestServer(limit: 20, extraArguments: ["--before-10-9"])
    let watched = try await run(server, ["watch 3"], database: database, extra: ["--json"])
    #expect(watched.status == 0, "\(watched.stderr)")
    let movie = try #require(jsonLines(watched).last?["movie"] as? [String: Any])
    let id = try #require(movie["id"] as? String).lowercased()
    let overview = try #require(movie["overview"] as? String)
    try PythonSQLite.run("UPDATE watchlist SET overview = 'Words kept long ago.'", on: database)
    let before = try server.requests().count

    let shown = try await run(server, ["show w1"], database: database)
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(shown.stderr.isEmpty, "no warning: \(shown.stderr)")
    #expect(shown.stdout.contains(overview), "\(shown.stdout)")
    #expect(shown.stdout.contains("Progress"), "the user's progress comes with it")
    #expect(!shown.stdout.contains("Words kept long ago."))
    let alice = try await server.userID("alice").lowercased()
    let asked = try server.requests().dropFirst(before).filter {
      $0.path.lowercased().hasSuffix("/items/\(id)")
    }
    #expect(asked.map { $0.path.lowercased() } == ["/items/\(id)", "/users/\(alice)/items/\(id)"])
    #expect(asked.map(\.status) == [404, 200])
    #expect(asked.allSatisfy { $0.token == "api-key" })
  }

  @Test func playTakesAWatchlistEntryAndASearchMatch() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = folder.appendingPathComponent("movies.sqlite3").path
    let server = try await JellyfinTestServer(limit: 30)
    let shown = try await run(server, ["show 7"], database: database, extra: ["--json"])
    let seventh = try #require(jsonLines(shown).last?["movie"] as? [String: Any])
    let seventhID = try #require(seventh["id"] as? String)
    let title = try #require(seventh["title"] as? String)

    let player = try StandInPlayer()
    defer { player.remove() }
    let entry = try await run(
      server, ["watch 7", "watchlist", "play w1"], database: database,
      environment: ["PATH": player.path()])
    #expect(entry.status == 0, "\(entry.stderr)")
    #expect(entry.stdout.contains("Stopped entry w1, "), "\(entry.stdout)")
    let mpv = try #require(try player.run())
    #expect(mpv.streamFirstLine.hasPrefix("JELLYFIN-TEST-STREAM \(seventhID)"))

    let words = title.split(separator: " ").map { String($0.filter(\.isLetter)) }
    let word = try #require(words.max { $0.count < $1.count })
    let second = try StandInPlayer()
    defer { second.remove() }
    let match = try await run(
      server, ["find \(word)", "play f1"], database: database,
      environment: ["PATH": second.path()])
    #expect(match.status == 0, "\(match.stderr)")
    #expect(match.stdout.contains("Stopped match f1, "), "\(match.stdout)")
    let played = try #require(try second.run())
    let streams = try server.requests().filter { $0.path.hasSuffix("/stream") }
    // Each play: the program's first request (``StreamRequest/resolved(through:)``), then mpv's.
    #expect(streams.count == 4)
    #expect(played.streamFirstLine.hasPrefix("JELLYFIN-TEST-STREAM "))
    #expect(played.streamStatus == 200)
  }
}
