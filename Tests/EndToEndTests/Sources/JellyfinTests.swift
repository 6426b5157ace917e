import Foundation
import TestSupport
import Testing

/// `--source jellyfin` through the binary against the local Jellyfin, checking its request
/// log: the header on every request, paging by StartIndex, nothing past TotalRecordCount,
/// posters only on `thumb`, and the token nowhere but in the header.
@Suite(.timeLimit(.minutes(3))) struct JellyfinTests {
  private func run(
    _ server: JellyfinTestServer, _ commands: [String], extra: [String] = [],
    environment: [String: String] = JellyfinTestServer.tokenEnvironment
  ) async throws -> MoviesRun {
    try await server.runMovies(commands, extra: extra, environment: environment)
  }

  /// The requests the program made (the oracle's carry another client name).
  private func ours(_ server: JellyfinTestServer) throws -> [JellyfinTestServer.Request] {
    try server.requests().filter { $0.authorization?["Client"] != "oracle" }
  }

  @Test func browsingPagesByStartIndexWithTheHeaderOnEveryRequestAndStopsAtTheTotal()
    async throws
  {
    let server = try await JellyfinTestServer(limit: 25)
    let run = try await run(server, ["more", "more", "more", "more"], extra: ["--count", "10"])
    #expect(run.status == 0, "\(run.stderr)")
    let expected = try await server.names(
      query: "IncludeItemTypes=Movie&Recursive=true&SortBy=DateCreated,SortName"
        + "&SortOrder=Descending,Ascending&StartIndex=10&Limit=15")
    #expect(run.tableRows.map(\.number) == Array(11...25))
    #expect(
      zip(run.tableRows.map(\.text), expected).allSatisfy { row, name in
        row.hasPrefix(String(name.prefix(20)))
      })
    let requests = try ours(server)
    #expect(requests.first?.path == "/Users", "the user resolved once, first")
    #expect(requests.filter { $0.path == "/Users" }.count == 1)
    let pages = requests.filter { $0.path == "/Items" }
    #expect(pages.map { $0.query["StartIndex"] } == ["0", "10", "20"], "nothing past 25")
    #expect(pages.allSatisfy { $0.query["Limit"] == "10" && $0.query["Recursive"] == "true" })
    #expect(pages.allSatisfy { $0.query["IncludeItemTypes"] == "Movie" })
    #expect(pages.allSatisfy { $0.query["SortBy"] == "DateCreated,SortName" })
    for request in requests {
      #expect(request.token == "api-key", "\(request.path)")
      #expect(request.authorization?["Version"] != nil && request.authorization?["DeviceId"] != nil)
      #expect(!request.query.values.contains(JellyfinTestServer.apiKey))
    }
    #expect(try server.posterRequests().isEmpty, "no poster without thumb")
    #expect(!run.stdout.contains(JellyfinTestServer.apiKey))
    #expect(!run.stderr.contains(JellyfinTestServer.apiKey))
  }

  @Test func ordersAndGenreNamesGoToTheServer() async throws {
    let server = try await JellyfinTestServer(limit: 60)
    let run = try await run(
      server, ["order newest", "order oldest", "order rating", "order title", "genre comedy"])
    #expect(run.status == 0, "\(run.stderr)")
    let pages = try ours(server).filter { $0.path == "/Items" }
    #expect(
      pages.map { $0.query["SortBy"] ?? "" } == [
        "DateCreated,SortName", "PremiereDate,SortName", "PremiereDate,SortName",
        "CommunityRating,SortName", "SortName", "SortName",
      ])
    #expect(pages[1].query["SortOrder"] == "Descending,Ascending")
    #expect(pages[2].query["SortOrder"] == "Ascending,Ascending")
    let genreID = try #require(pages.last?.query["GenreIds"])
    #expect(try ours(server).contains { $0.path == "/Genres" })
    #expect(!genreID.isEmpty)
    let comedies = try await server.names(
      query: "IncludeItemTypes=Movie&Recursive=true&SortBy=SortName&Genres=Comedy&Limit=10")
    #expect(run.stdout.contains(comedies[0]))
    let refused = try await self.run(server, ["more"], extra: ["--order", "ratingasc"])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("it sorts by added, newest, oldest, rating, title."))
  }

  @Test func showSaysWhatTheUserWatchedAndWhereTheyStopped() async throws {
    let server = try await JellyfinTestServer(limit: 60)
    let json = try await run(server, ["more 5"], extra: ["--json", "--count", "12"])
    let rows = json.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }.flatMap { $0["rows"] as? [[String: Any]] ?? [] }
    let stopped = try #require(
      rows.first { (($0["playback"] as? [String: Any])?["position"] as? Int ?? 0) > 0 })
    let played = try #require(
      rows.first { ($0["playback"] as? [String: Any])?["played"] as? Bool == true })
    let row = try #require(stopped["row"] as? Int)
    let playedRow = try #require(played["row"] as? Int)
    let show = try await run(
      server, ["more 5", "show \(row)", "show \(playedRow)"], extra: ["--count", "12"])
    #expect(show.status == 0)
    let playback = try #require(stopped["playback"] as? [String: Any])
    let position = try #require(playback["position"] as? Int)
    let length = try #require(playback["length"] as? Int)
    func clock(_ s: Int) -> String {
      s >= 3600
        ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
        : String(format: "%d:%02d", s / 60, s % 60)
    }
    #expect(show.stdout.contains("Progress      Stopped at \(clock(position)) of \(clock(length))"))
    #expect(show.stdout.contains("Progress      Played"))
    #expect(show.stdout.contains("Overview      "))
    #expect(show.stdout.contains("Running time  \((length + 30) / 60) min"))
    // The list carries all `show` prints: no request for one film's details.
    #expect(try ours(server).allSatisfy { !$0.path.hasPrefix("/Items/") })
  }

  @Test func postersComeOnlyOnThumbKeyedOnTheirTag() async throws {
    let folders = try ThumbnailFolders()
    defer { folders.remove() }
    let extra = [
      "--count", "5", "--cache-dir", folders.cache.path, "--download-dir", folders.downloads.path,
    ]
    let server = try await JellyfinTestServer(limit: 20)
    let first = try await run(server, ["show 1", "thumb 1-5"], extra: extra)
    #expect(first.stdout.contains("Saved "), "\(first.stderr)")
    let posters = try server.posterRequests()
    #expect(!posters.isEmpty)
    #expect(posters.allSatisfy { $0.token == "api-key" && $0.query["tag"] != nil })
    _ = try await run(server, ["thumb 1-5"], extra: extra)
    #expect(
      try server.posterRequests().count == posters.count, "the same tags come from the disk cache")

    let changed = try await JellyfinTestServer(limit: 20, extraArguments: ["--tag-salt", "v2"])
    _ = try await run(changed, ["thumb 1-5"], extra: extra)
    let again = try changed.posterRequests()
    #expect(again.count == posters.count, "each new tag is fetched again")
    #expect(
      Set(again.compactMap { $0.query["tag"] }).isDisjoint(
        with: posters.compactMap { $0.query["tag"] }))
  }

  @Test func openPrintsTheWebClientsPageWithoutTheToken() async throws {
    let server = try await JellyfinTestServer(limit: 5)
    let empty = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: empty) }
    var environment = JellyfinTestServer.tokenEnvironment
    environment["PATH"] = empty.path
    let run = try await run(server, ["open 1"], environment: environment)
    #expect(run.stdout.contains("The link: \(server.baseURL.absoluteString)/web/#/details?id="))
    #expect(!run.stdout.contains(JellyfinTestServer.apiKey))
  }

  @Test func playWithoutMpvSaysHowToGetIt() async throws {
    let server = try await JellyfinTestServer(limit: 5)
    let empty = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: empty) }
    var environment = JellyfinTestServer.tokenEnvironment
    environment["PATH"] = empty.path
    let run = try await run(server, ["play 1"], extra: ["--json"], environment: environment)
    #expect(run.status == 1)
    #expect(run.stdout.contains(#""code":"no_player""#))
    #expect(run.stdout.contains("sudo apt-get install mpv"))
    #expect(try !server.requests().contains { $0.path.contains("/stream") })
  }

  @Test func playHandsTheStreamToMpvWithTheHeaderInAFileAlreadyOffTheDisk() async throws {
    let server = try await JellyfinTestServer(limit: 30)
    let player = try StandInPlayer()
    defer { player.remove() }
    var environment = JellyfinTestServer.tokenEnvironment
    environment["PATH"] = player.path()
    let rows = try await run(server, ["more 2"], extra: ["--json", "--count", "15"])
    let movies = rows.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }.flatMap { $0["rows"] as? [[String: Any]] ?? [] }
    let stopped = try #require(
      movies.first {
        (($0["playback"] as? [String: Any])?["position"] as? Int ?? 0) > 0
      })
    let row = try #require(stopped["row"] as? Int)
    let position = try #require((stopped["playback"] as? [String: Any])?["position"] as? Int)

    let run = try await self.run(
      server, ["more 2", "play \(row)"], extra: ["--count", "15"], environment: environment)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("Stopped row \(row), "), "where mpv quit: \(run.stdout)")
    let mpv = try #require(try player.run())
    #expect(mpv.arguments.contains("--start=\(position)"))
    #expect(!mpv.arguments.joined(separator: " ").contains(JellyfinTestServer.apiKey))
    #expect(mpv.includePath.isEmpty, "no headers for mpv: the relay adds them")
    let address = try #require(mpv.arguments.last.flatMap { URL(string: $0) })
    #expect(address.host == "127.0.0.1" && address.port != server.baseURL.port, "the relay")
    #expect(mpv.streamStatus == 200)
    #expect(
      mpv.streamFirstLine.hasPrefix("JELLYFIN-TEST-STREAM \(stopped["id"] as? String ?? "?")"))
    let stream = try #require(try server.requests().last { $0.path.hasSuffix("/stream") })
    #expect(stream.token == "api-key", "the relay added the header")
    #expect(stream.authorization?["Client"] == "movies")
  }

  @Test func aUserTokenNeedsNoUserNameAndARefusedOneIsAClearError() async throws {
    let server = try await JellyfinTestServer(limit: 5)
    let bob = try await MoviesRun.run(
      ["--source", "jellyfin", "--api", server.baseURL.absoluteString, "-c", "show 1"],
      environment: ["JELLYFIN_TOKEN": JellyfinTestServer.bobToken])
    #expect(bob.status == 0, "\(bob.stderr)")
    #expect(try server.requests().first?.path == "/Users/Me")
    let refused = try await run(server, ["more"], environment: ["JELLYFIN_TOKEN": "wrong-token"])
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("refused the token"))
    #expect(!refused.stderr.contains("wrong-token"))
    let none = try await run(server, ["more"], environment: ["JELLYFIN_TOKEN": ""])
    #expect(none.status == 2)
    #expect(none.stderr.contains("JELLYFIN_TOKEN"))
  }

  /// In JSON, a server search's rows say their `match`, and `results` counts the search's
  /// results while the other keys are the list's, as it was.
  @Test func aServerSearchInJSONNamesItsMatches() async throws {
    let server = try await JellyfinTestServer(limit: 60)
    let run = try await run(server, ["find gator", "show f1"], extra: ["--json", "--count", "10"])
    let objects = run.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    let found = try #require(objects.first { $0["command"] as? String == "find" }, "\(run.stdout)")
    let rows = try #require(found["rows"] as? [[String: Any]])
    #expect(rows.first?["match"] as? String == "f1")
    #expect(rows.first?["row"] as? Int == 1)
    let results = try #require(found["results"] as? [String: Any])
    #expect(results["complete"] as? Bool == true)
    #expect(results["loaded"] as? Int == rows.count)
    #expect(found["loaded"] as? Int == 10, "the list is as it was")
    let shown = try #require(objects.first { $0["command"] as? String == "show" })
    #expect(shown["match"] as? String == "f1")
  }

  @Test func findAsksTheServersSearch() async throws {
    let server = try await JellyfinTestServer(limit: 60)
    let run = try await run(
      server, ["find gator", "more", "show f1"], extra: ["--count", "10"])
    #expect(run.stdout.contains("'Gator Bait"), "\(run.stdout)")
    let search = try #require(try ours(server).last { $0.query["SearchTerm"] != nil })
    #expect(search.query["SearchTerm"] == "gator")
    #expect(search.token == "api-key")
    // The search left the list: `more` asked for its second page, after the search.
    let browsing = try ours(server).filter {
      $0.query["SearchTerm"] == nil && $0.query["StartIndex"] != nil
    }
    #expect(browsing.map { $0.query["StartIndex"] } == ["0", "10"], "\(browsing)")
    #expect(run.stdout.contains("f1  'Gator Bait"), "show f1 shows the match")
  }
}
