import Foundation
import TestSupport
import Testing

@testable import MoviesStore

/// The release binary browsing TV series on the local TMDb: `series`, `episodes N S` and
/// `back` with nothing asked again, the rows' kinds in `--json`, `series` refused offline,
/// and the watchlist keeping TMDb's film 1399 and series 1399 apart, from today's file.
@Suite(.timeLimit(.minutes(3))) struct SeriesBrowsingTests {
  private func run(
    _ server: TMDbTestServer, _ arguments: [String], input: String = "", database: String
  ) async throws -> MoviesRun {
    let cache = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: cache) }
    return try await MoviesRun.run(
      server.arguments(arguments), input: input,
      environment: server.environment(cache: cache, adding: ["MOVIES_DB": database]),
      timeout: .seconds(120))
  }

  private func temporaryDatabase() throws -> (folder: URL, path: String) {
    let folder = try TestPaths.makeTemporaryFolder()
    return (folder, folder.appendingPathComponent("library.sqlite3").path)
  }

  @Test func episodesOfASeasonAndBackWithNothingAskedAgain() async throws {
    let server = try await TMDbTestServer(limit: 100)
    let (folder, database) = try temporaryDatabase()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try await run(
      server, ["--count", "10", "--no-prefetch"], input: "series\nepisodes 1 2\nback\n",
      database: database)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try server.pages(of: "/3/discover/tv") == [1], "back asked for the list again")
    #expect(try server.requests(to: "/3/tv/1399/season/2").count == 1)
    // Thrones of Ash, the most popular (TMDb's list says nothing of its seasons), then its
    // season 2's episodes, with their running times.
    #expect(run.stdout.contains("S02E01 Chapter 1: Low Tide · 23 min"))
    #expect(!run.stdout.contains("S01E01"), "season 2 was asked for, not 1")
    // `back` shows the series' first page again, from row 1.
    let rows = run.tableRows.filter { $0.text.hasPrefix("Thrones of Ash") }
    #expect(rows.count == 2 && rows.allSatisfy { $0.number == 1 }, "\(run.stdout)")
  }

  @Test func jsonRowsSayTheirKind() async throws {
    let server = try await TMDbTestServer(limit: 100)
    let (folder, database) = try temporaryDatabase()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try await run(
      server, ["--json", "--count", "5", "--no-prefetch"],
      input: "series\nepisodes 1 1\nfilms\n", database: database)
    #expect(run.status == 0, "\(run.stderr)")
    let objects = run.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    let rows = objects.map { ($0["rows"] as? [[String: Any]]) ?? [] }
    try #require(rows.count >= 4, "\(run.stdout)")
    let series = try #require(rows[1].first)
    #expect(series["kind"] as? String == "series")
    // TMDb's list does not count seasons: the key is there, null.
    #expect(series.keys.contains("seasons") && series.keys.contains("seen"))
    #expect(series["id"] as? String == "1399")
    let episode = try #require(rows[2].first)
    #expect(episode["kind"] as? String == "episode")
    #expect(episode["series"] as? String == "Thrones of Ash")
    #expect(episode["season"] as? Int == 1 && episode["episode"] as? Int == 1)
    #expect(rows[3].allSatisfy { $0["kind"] as? String == "film" } && !rows[3].isEmpty)
  }

  @Test func theOfflineCatalogueHasNoSeries() async throws {
    let run = try await MoviesRun.run(["-c", "series"])
    #expect(run.status != 0)
    #expect(run.stderr.contains("This source has no TV series"), "\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 1)
    let flag = try await MoviesRun.run(["--series", "-c", "list"])
    #expect(flag.status == 2 && flag.stderr.contains("--series: This source has no TV series"))
  }

  @Test func theSeriesFlagStartsWithTheSeries() async throws {
    let server = try await TMDbTestServer(limit: 100)
    let (folder, database) = try temporaryDatabase()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try await run(
      server, ["--series", "--count", "5", "--no-prefetch"], input: "", database: database)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try server.pages(of: "/3/discover/tv") == [1])
    #expect(try server.requests(to: "/3/discover/movie").isEmpty)
    #expect(run.tableRows.first?.text.hasPrefix("Thrones of Ash") == true)
  }

  @Test func aFilmAndASeriesOfOneIDAreTwoEntriesAfterTheMigration() async throws {
    let server = try await TMDbTestServer(limit: 100)
    let (folder, database) = try temporaryDatabase()
    defer { try? FileManager.default.removeItem(at: folder) }
    // What this server's entries are recorded under, from a first run's entry.
    let first = try await run(
      server, ["--no-prefetch"], input: "watch 1\n", database: database)
    #expect(first.status == 0, "\(first.stderr)")
    let source = try PythonSQLite.value(of: "SELECT source FROM watchlist", in: database)
    try FileManager.default.removeItem(atPath: database)
    // Today's file (version 6) with TMDb's film 1399 on its watchlist.
    let scripts = LibrarySchema.migrations.prefix(6).joined(separator: "\n")
    try PythonSQLite.run(
      "PRAGMA application_id = \(LibrarySchema.applicationID); \(scripts) PRAGMA user_version = 6;"
        + " INSERT INTO watchlist (source, movie_key, movie_id, title, genres, added_at)"
        + " VALUES ('\(source)', 'id:1399', '1399', 'Film Fourteen', '', 1);",
      on: database)
    let run = try await run(
      server, ["--no-prefetch"], input: "series\nwatch 1\nwatchlist\n", database: database)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      try PythonSQLite.value(of: "PRAGMA user_version", in: database) == "\(LibrarySchema.latest)")
    let entries = try PythonSQLite.value(
      of: "SELECT group_concat(kind || ' ' || movie_key, ',') FROM watchlist", in: database)
    #expect(
      entries.contains("film id:1399") && entries.contains("series series:1399"), "\(entries)")
    #expect(run.stdout.contains("Film Fourteen") && run.stdout.contains("Thrones of Ash"))
  }
}
