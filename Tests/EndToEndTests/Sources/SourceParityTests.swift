import Foundation
import TestSupport
import Testing

/// What works the same on TMDb, Jellyfin and Plex, through the binary against each local server
/// in script mode: `more N`, `list` and `show` in JSON, `thumb N-M` fetching each poster once
/// and only when asked, a film without a poster, and a watched film shown with the server
/// down. Each checks the server's request log.
@Suite(.timeLimit(.minutes(3))) struct SourceParityTests {
  /// Runs `commands` (each a `-c`) with the source's secret and a cache, downloads and
  /// watchlist in `folder`.
  private func run(
    _ server: LocalSourceServer, _ commands: [String], extra: [String] = [], in folder: URL
  ) async throws -> MoviesRun {
    try await MoviesRun.run(
      server.arguments(
        ["--no-prefetch", "--download-dir", folder.appendingPathComponent("t").path] + extra)
        + commands.flatMap { ["-c", $0] },
      environment: server.environment.merging(Self.files(in: folder)) { _, new in new })
  }

  private static func files(in folder: URL) -> [String: String] {
    [
      "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
      "MOVIES_DB": folder.appendingPathComponent("movies.sqlite3").path,
    ]
  }

  private static func objects(_ run: MoviesRun) -> [[String: Any]] {
    run.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  private static func rowNumbers(_ object: [String: Any]?) -> [Int] {
    (object?["rows"] as? [[String: Any]] ?? []).compactMap { $0["row"] as? Int }
  }

  @Test(arguments: RealSource.allCases)
  func moreNListAndShowInJSONPageThroughTheServer(_ source: RealSource) async throws {
    let server = try await LocalSourceServer(source, limit: 40)
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try await run(
      server, ["more 2", "list", "show 3"], extra: ["--json", "--count", "5"], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    let objects = Self.objects(run)
    #expect(objects.map { $0["command"] as? String } == ["more", "list", "show"])
    #expect(Self.rowNumbers(objects.first) == Array(6...15))
    #expect(Self.rowNumbers(objects.dropFirst().first) == Array(1...15))
    let listed = try #require((objects[1]["rows"] as? [[String: Any]])?[2])
    let shown = try #require(objects[2]["movie"] as? [String: Any])
    #expect(shown["title"] as? String == listed["title"] as? String)
    #expect(shown["id"] as? String == listed["id"] as? String)
    #expect(objects[2]["row"] as? Int == 3)
    // TMDb serves 20 a page, so 15 rows are one page; Jellyfin and Plex page by the index.
    let expected = source == .tmdb ? [1] : [0, 5, 10]
    #expect(try server.listRequests() == expected)
    #expect(try server.posterRequests().isEmpty, "no poster without thumb")
    #expect(try server.everyRequestCarriedTheSecret())
    #expect(!run.stdout.contains(server.secret) && !run.stderr.contains(server.secret))
  }

  @Test(arguments: RealSource.allCases)
  func thumbRangeFetchesEachPosterOnceAndOnlyWhenAsked(_ source: RealSource) async throws {
    let server = try await LocalSourceServer(source, limit: 40)
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let browsed = try await run(server, ["more", "list", "show 2"], in: folder)
    #expect(browsed.status == 0, "\(browsed.stderr)")
    #expect(try server.posterRequests().isEmpty, "a poster was fetched before thumb")

    let saved = try await run(server, ["thumb 1-8"], in: folder)
    let count = try #require(
      saved.stdout.firstMatch(of: /Saved (\d+) (?:of \d+ )?thumbnails/).flatMap {
        Int($0.output.1)
      },
      "\(saved.stdout)")
    let missing = saved.stderr.components(separatedBy: server.noPosterLine).count - 1
    #expect(count + missing == 8, "\(saved.stdout)\n\(saved.stderr)")
    #expect(saved.stderr.firstMatch(of: /Row \d+: Row/) == nil, "a row named twice")
    if missing > 0 { #expect(!saved.stderr.contains("retry"), "retrying finds no poster") }
    let posters = try server.posterRequests()
    #expect(posters.count == count)
    #expect(Set(posters).count == posters.count, "a poster was fetched twice: \(posters)")

    // The posters are on disk now: the same rows again ask for none.
    let again = try await run(server, ["thumb 1-8"], in: folder)
    #expect(again.stdout.contains("Saved \(count) "), "\(again.stdout)")
    #expect(try server.posterRequests().count == count)
    #expect(try server.everyRequestCarriedTheSecret())
  }

  @Test(arguments: RealSource.allCases)
  func aFilmWithoutAPosterSaysSoAndAsksForNothing(_ source: RealSource) async throws {
    let server = try await LocalSourceServer(source, limit: 40)
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = try await run(server, ["more 3"], extra: ["--json"], in: folder)
    let rows = Self.objects(json).flatMap { $0["rows"] as? [[String: Any]] ?? [] }
    let bare = try #require(rows.first { $0["thumbnail"] is NSNull }, "every film has a poster")
    let row = try #require(bare["row"] as? Int)
    let run = try await run(server, ["more 3", "thumb \(row)"], in: folder)
    #expect(run.status == 1)
    #expect(run.stderr.contains("Row \(row): \(server.noPosterLine)"), "\(run.stderr)")
    #expect(try server.posterRequests().isEmpty)
  }

  @Test(arguments: RealSource.allCases)
  func aWatchedFilmKeepsItsSourceAndIdAndShowsWithTheServerDown(_ source: RealSource)
    async throws
  {
    let server = try await LocalSourceServer(source, limit: 20)
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let watched = try await run(server, ["watch 2"], extra: ["--json"], in: folder)
    #expect(watched.status == 0, "\(watched.stderr)")
    let movie = try #require(Self.objects(watched).first?["movie"] as? [String: Any])
    let id = try #require(movie["id"] as? String)
    let title = try #require(movie["title"] as? String)
    server.stop()

    let environment = Self.files(in: folder)
    let list = try await MoviesRun.run(["--json", "-c", "watchlist"], environment: environment)
    #expect(list.stdout.contains(#""source":"\#(server.recordedName)""#), "\(list.stdout)")
    #expect(list.stdout.contains(#""id":"\#(id)""#))
    let offline = try await MoviesRun.run(
      ["-c", "watchlist", "-c", "show w1"], environment: environment)
    #expect(offline.status == 0, "\(offline.stderr)")
    #expect(offline.stdout.contains("w1  \(title)"))
    #expect(offline.stdout.contains("Movie ID"))
    #expect(offline.stdout.contains(id))
    #expect(offline.stdout.contains("On the watchlist, from "))
    #expect(!offline.stdout.contains(server.secret) && !list.stdout.contains(server.secret))
    for file in try FileManager.default.contentsOfDirectory(atPath: folder.path)
    where file.hasPrefix("movies.sqlite3") {
      let stored = try Data(contentsOf: folder.appendingPathComponent(file))
      #expect(stored.range(of: Data(server.secret.utf8)) == nil, "the secret is in \(file)")
    }
  }
}
