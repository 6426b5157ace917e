import Foundation
import TestSupport
import Testing

/// `--source plex` through the binary against the local Plex, checking its request log: the
/// token in the header on every request and never in an address, JSON asked for, paging by
/// container start and size, nothing past `totalSize`, and the setup's sentences.
@Suite(.timeLimit(.minutes(3))) struct PlexTests {
  private func run(
    _ server: PlexTestServer, _ commands: [String], extra: [String] = [],
    environment: [String: String] = PlexTestServer.environment
  ) async throws -> MoviesRun {
    try await MoviesRun.run(
      server.arguments(["--no-prefetch"] + extra) + commands.flatMap { ["-c", $0] },
      environment: environment)
  }

  /// The requests the program made (the oracle's name another client).
  private func ours(_ server: PlexTestServer) throws -> [PlexTestServer.Request] {
    try server.requests().filter { $0.headers["X-Plex-Client-Identifier"] != "oracle" }
  }

  private func lists(_ server: PlexTestServer) throws -> [PlexTestServer.Request] {
    try ours(server).filter { $0.path.hasSuffix("/all") }
  }

  private func jsonRows(_ run: MoviesRun) -> [[String: Any]] {
    run.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }.flatMap { $0["rows"] as? [[String: Any]] ?? [] }
  }

  @Test func browsingPagesByContainerHeadersWithTheTokenHeaderOnEveryRequestAndStopsAtTheTotal()
    async throws
  {
    let server = try await PlexTestServer(limit: 25)
    let run = try await run(server, ["more", "more", "more", "more"], extra: ["--count", "10"])
    #expect(run.status == 0, "\(run.stderr)")
    let expected = try await server.titles(
      query: "sort=addedAt:desc,titleSort", start: 10, size: 15)
    #expect(run.tableRows.map(\.number) == Array(11...25))
    #expect(
      zip(run.tableRows.map(\.text), expected).allSatisfy { row, title in
        row.hasPrefix(String(title.prefix(20)))
      })
    let requests = try ours(server)
    #expect(requests.prefix(2).map(\.path) == ["/identity", "/library/sections"])
    let pages = try lists(server)
    #expect(pages.map(\.containerStart) == [0, 10, 20], "nothing past totalSize 25")
    #expect(pages.allSatisfy { $0.headers["X-Plex-Container-Size"] == "10" })
    #expect(pages.allSatisfy { $0.query["X-Plex-Container-Start"] == nil }, "headers, not the URL")
    #expect(pages.allSatisfy { $0.path == "/library/sections/1/all" && $0.query["type"] == "1" })
    #expect(pages.allSatisfy { $0.query["sort"] == "addedAt:desc,titleSort" })
    let clients = Set(requests.compactMap { $0.headers["X-Plex-Client-Identifier"] })
    #expect(clients.count == 1, "one stable client identifier")
    for request in requests {
      #expect(request.tokenVia == "header" && request.tokenValid, "\(request.path)")
      #expect(request.headers["Accept"] == "application/json", "\(request.path)")
      #expect(request.headers["X-Plex-Product"] == "movies")
      #expect(request.headers["X-Plex-Version"]?.isEmpty == false)
      #expect(!request.query.values.contains(PlexTestServer.token))
    }
    #expect(try server.posterRequests().isEmpty, "no poster without thumb")
    #expect(
      !run.stdout.contains(PlexTestServer.token) && !run.stderr.contains(PlexTestServer.token))
  }

  @Test func ordersGenresAndFindGoToTheServer() async throws {
    let server = try await PlexTestServer(limit: 60)
    let run = try await run(
      server,
      ["order newest", "order oldest", "order rating", "order title", "genre comedy", "find gator"])
    #expect(run.status == 0, "\(run.stderr)")
    let pages = try lists(server)
    #expect(
      pages.prefix(6).map { $0.query["sort"] ?? "" } == [
        "addedAt:desc,titleSort", "originallyAvailableAt:desc,titleSort",
        "originallyAvailableAt,titleSort", "audienceRating:desc,titleSort", "titleSort",
        "titleSort",
      ])
    #expect(try ours(server).contains { $0.path == "/library/sections/1/genre" })
    #expect(pages[5].query["genre"] == "102", "Comedy's key in the genre list")
    let comedies = try await server.titles(query: "sort=titleSort&genre=102", start: 0, size: 10)
    #expect(run.stdout.contains(comedies[0]))
    let search = try #require(pages.last { $0.query["title"] != nil })
    #expect(search.query["title"] == "gator")
    let gators = try await server.titles(query: "title=gator", start: 0, size: 5)
    #expect(!gators.isEmpty && run.stdout.contains(gators[0]))
    let refused = try await self.run(server, ["more"], extra: ["--order", "ratingasc"])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("added, newest, oldest, rating, title"))
  }

  @Test func showReadsTheFilmsMetadataWithWhatTheUserWatched() async throws {
    let server = try await PlexTestServer(limit: 60)
    let json = try await run(server, ["more 2"], extra: ["--json", "--count", "15"])
    let rows = jsonRows(json)
    #expect(rows.first?["id"] as? String != nil)
    let stopped = try #require(
      rows.first { (($0["playback"] as? [String: Any])?["position"] as? Int ?? 0) > 0 })
    let row = try #require(stopped["row"] as? Int)
    let id = try #require(stopped["id"] as? String)
    let show = try await run(server, ["more 2", "show \(row)"], extra: ["--count", "15"])
    #expect(show.status == 0, "\(show.stderr)")
    #expect(try ours(server).contains { $0.path == "/library/metadata/\(id)" })
    for label in ["Tagline", "Directors", "Cast", "criticRating", "Overview", "Running time"] {
      #expect(show.stdout.contains(label), "\(label)")
    }
    let progress = show.stdout.split(separator: "\n").first { $0.hasPrefix("  Progress ") }
    #expect(progress?.contains(" Stopped at ") == true, "\(show.stdout)")
  }

  @Test func postersComeThroughTheTranscoderWithTheHeaderCachedOnDisk() async throws {
    let folders = try ThumbnailFolders()
    defer { folders.remove() }
    let extra = [
      "--count", "5", "--cache-dir", folders.cache.path, "--download-dir", folders.downloads.path,
    ]
    let server = try await PlexTestServer(limit: 20)
    let first = try await run(server, ["thumb 1-5"], extra: extra)
    #expect(first.stdout.contains("Saved "), "\(first.stderr)")
    let posters = try server.posterRequests()
    #expect(!posters.isEmpty)
    #expect(posters.allSatisfy { $0.path == "/photo/:/transcode" && $0.tokenVia == "header" })
    #expect(posters.allSatisfy { $0.query["url"]?.hasPrefix("/library/metadata/") == true })
    _ = try await run(server, ["thumb 1-5"], extra: extra)
    #expect(try server.posterRequests().count == posters.count, "from the disk cache")
  }

  @Test func openGivesPlexWebsPageForTheServer() async throws {
    let server = try await PlexTestServer(limit: 5)
    let empty = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: empty) }
    var environment = PlexTestServer.environment
    environment["PATH"] = empty.path
    let run = try await run(server, ["open 1"], environment: environment)
    #expect(
      run.stdout.contains(
        "The link: https://app.plex.tv/desktop#!/server/\(PlexTestServer.machineIdentifier)"
          + "/details?key=%2Flibrary%2Fmetadata%2F"), "\(run.stdout)")
    #expect(!run.stdout.contains(PlexTestServer.token))
  }

  @Test func playHandsThePartToMpvThroughTheRelay() async throws {
    let server = try await PlexTestServer(limit: 30)
    let player = try StandInPlayer()
    defer { player.remove() }
    var environment = PlexTestServer.environment
    environment["PATH"] = player.path()
    let run = try await self.run(
      server, ["play 1"], extra: ["--count", "5"], environment: environment)
    #expect(run.status == 0, "\(run.stderr)")
    let mpv = try #require(try player.run())
    #expect(!mpv.arguments.joined(separator: " ").contains(PlexTestServer.token))
    #expect(mpv.includePath.isEmpty, "no headers for mpv")
    #expect(mpv.streamStatus == 200)
    #expect(mpv.streamFirstLine.hasPrefix("PLEX-TEST-STREAM "))
    let stream = try #require(try server.requests().last { $0.path.hasPrefix("/library/parts/") })
    #expect(stream.tokenVia == "header", "the relay added the header")
  }

  @Test func aMissingTokenAWrongOneAndAnUnknownLibraryAreOneSentenceEach() async throws {
    let server = try await PlexTestServer(limit: 5)
    let none = try await run(server, ["more"], environment: ["PLEX_TOKEN": ""])
    #expect(none.status == 2)
    #expect(none.stderr.contains("PLEX_TOKEN"))
    #expect(try server.requests().isEmpty, "nothing asked without a token")
    let wrong = try await run(server, ["more"], environment: ["PLEX_TOKEN": "wrong-token"])
    #expect(wrong.status == 1)
    #expect(wrong.stderr.contains("refused the token"), "\(wrong.stderr)")
    #expect(wrong.stderr.split(separator: "\n").count == 1)
    #expect(!wrong.stderr.contains("wrong-token"))
    let unknown = try await run(server, ["more"], extra: ["--plex-library", "Cartoons"])
    #expect(unknown.status == 2)
    #expect(
      unknown.stderr.contains(
        "no movie library 'Cartoons'; its movie libraries are Movies, Films 4K."),
      "\(unknown.stderr)")
    let chosen = try await run(server, ["more"], extra: ["--plex-library", "films 4k"])
    #expect(chosen.status == 0, "\(chosen.stderr)")
    #expect(try lists(server).last?.path == "/library/sections/3/all")
  }

  @Test func theTokenFromTheConfigFileGoesInTheHeaderWithAWarningWhenOthersCanRead()
    async throws
  {
    let server = try await PlexTestServer(limit: 5)
    let home = try ConfigHome(
      "plex-token = \(PlexTestServer.token)\nplex-library = Films 4K\n", mode: 0o644)
    defer { home.remove() }
    let run = try await run(
      server, ["more"], environment: home.environment.merging(["PLEX_TOKEN": ""]) { $1 })
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("holds plex-token and others can read it"), "\(run.stderr)")
    #expect(try lists(server).last?.path == "/library/sections/3/all", "the config's library")
    #expect(try ours(server).allSatisfy { $0.tokenVia == "header" && $0.tokenValid })
    #expect(
      !run.stdout.contains(PlexTestServer.token) && !run.stderr.contains(PlexTestServer.token))
  }

  @Test func aServerAnswering503IsAskedAgainAfterItsRetryAfter() async throws {
    let server = try await PlexTestServer(
      limit: 10, extraArguments: ["--fault", "unavailable", "--fault-times", "1"])
    let run = try await run(server, ["more"], extra: ["--count", "5"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try lists(server).map(\.status).prefix(2) == [503, 200])
  }
}
