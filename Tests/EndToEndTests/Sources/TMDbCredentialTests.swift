import Foundation
import TestSupport
import Testing

/// Where the TMDb secret comes from and where it goes: only into the `api_key` parameter or
/// the `Authorization` header of API requests, never into output, JSON, the watchlist's
/// database or a poster request.
@Suite(.timeLimit(.minutes(2))) struct TMDbCredentialTests {
  @Test func withoutAKeyOneSentenceSaysWhereToGetOneAndExits2() async throws {
    let run = try await MoviesRun.run(["--source", "tmdb", "-c", "more"])
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.contains("https://www.themoviedb.org/settings/api"))
    #expect(run.stderr.contains("TMDB_API_KEY"))
  }

  @Test func aSourceThatCannotStartIsAUsageError() async throws {
    let hoppin = try await MoviesRun.run(["--source", "hoppin", "-c", "more"])
    #expect(hoppin.status == 2)
    #expect(hoppin.stderr.contains("--source hoppin needs the server's address, such as --api"))
    let unknown = try await MoviesRun.run(["--source", "imdb"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("--source needs offline, hoppin, tmdb, jellyfin or plex."))
    let offline = try await MoviesRun.run(["--source", "offline", "-c", "more"])
    #expect(offline.status == 0)
    #expect(offline.stdout.contains("Showing 20 of 2,006"))
  }

  @Test func aRefusedKeyNamesTheVariable() async throws {
    let server = try await TMDbTestServer(limit: 30)
    let run = try await MoviesRun.run(
      server.arguments(["-c", "more"]), environment: ["TMDB_API_KEY": "not-the-key"])
    #expect(run.status == 1)
    #expect(run.stderr.contains("TMDb refused the key in TMDB_API_KEY"))
    #expect(run.stderr.contains("Invalid API key"))
    #expect(!run.stderr.contains("not-the-key"))
  }

  @Test func aTokenTravelsAsABearerAndNeverAsAParameter() async throws {
    let server = try await TMDbTestServer(limit: 30)
    let cache = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: cache) }
    let run = try await MoviesRun.run(
      server.arguments(["--no-prefetch", "--preview", "symbols"]), input: "show 1\nthumb 2\n",
      environment: [
        "TMDB_ACCESS_TOKEN": TMDbTestServer.accessToken, "XDG_CACHE_HOME": cache.path,
      ])
    #expect(run.status == 0, "\(run.stderr)")
    let requests = try server.requests()
    let api = requests.filter { $0.path.hasPrefix("/3/") }
    #expect(!api.isEmpty)
    #expect(api.allSatisfy { $0.authorization == "Bearer \(TMDbTestServer.accessToken)" })
    #expect(requests.allSatisfy { $0.query["api_key"] == nil })
    // Posters come from the image host, which needs no credential.
    let posters = try server.posterRequests()
    #expect(posters.count == 1)
    #expect(posters.allSatisfy { $0.authorization == nil })
  }

  @Test func theKeyIsOnlyInTheParameterOfAPIRequests() async throws {
    let server = try await TMDbTestServer(limit: 60)
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = folder.appendingPathComponent("movies.sqlite3")
    let key = TMDbTestServer.apiKey
    let text = try await MoviesRun.run(
      server.arguments(["--download-dir", folder.appendingPathComponent("t").path]),
      input: "more\nshow 1\nthumb 1-8\nwatch 1\nwatchlist\nfind the\ngenre nope\n",
      environment: server.environment(cache: folder, adding: ["MOVIES_DB": database.path]))
    let json = try await MoviesRun.run(
      server.arguments(["--json"]), input: "more\nshow 2\nwatchlist\nhelp\n",
      environment: server.environment(cache: folder, adding: ["MOVIES_DB": database.path]))
    #expect(text.stdout.contains("#1 "))
    #expect(json.stdout.contains("\"movie\""))
    for output in [text.stdout, text.stderr, json.stdout, json.stderr] {
      #expect(!output.contains(key))
    }
    let stored = try Data(contentsOf: database)
    #expect(stored.range(of: Data(key.utf8)) == nil, "the key is in the database")
    let cached = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
    for path in cached where !path.hasSuffix(".sqlite3") {
      let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path)
      #expect(data?.range(of: Data(key.utf8)) == nil, "the key is in \(path)")
    }
    // In the log, the key is the api_key of API requests and nowhere else.
    #expect(!(try server.posterRequests().isEmpty))
    for request in try server.requests() {
      #expect(request.query["api_key"] == (request.path.hasPrefix("/3/") ? key : nil))
      #expect(!request.path.contains(key))
      #expect(request.query.filter { $0.key != "api_key" }.values.allSatisfy { !$0.contains(key) })
      #expect(request.authorization == nil)
    }
  }

  @Test func aConfigFileWithAKeyOthersCanReadIsWarnedAbout() async throws {
    let server = try await TMDbTestServer(limit: 30)
    let home = try ConfigHome(
      "source = tmdb\napi = \(server.apiURL.absoluteString)\ntmdb-api-key = \(TMDbTestServer.apiKey)\n",
      mode: 0o644)
    defer { home.remove() }
    let environment = home.environment.merging(["XDG_CACHE_HOME": home.folder.path]) { $1 }
    let open = try await MoviesRun.run(["-c", "more"], environment: environment)
    #expect(open.status == 0, "\(open.stderr)")
    #expect(open.stderr.contains("holds tmdb-api-key and others can read it"))
    #expect(open.stderr.contains("chmod 600"))
    #expect(!open.stderr.contains(TMDbTestServer.apiKey))
    try home.setMode(0o600)
    let closed = try await MoviesRun.run(["-c", "more"], environment: environment)
    #expect(closed.status == 0, "\(closed.stderr)")
    #expect(closed.stderr.isEmpty)
    #expect(closed.stdout.contains("Showing 20 of 30"))
  }
}
