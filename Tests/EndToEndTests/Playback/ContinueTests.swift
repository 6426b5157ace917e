import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What you have seen, against the local Jellyfin and Plex: the progress marks in the table
/// agree with the server's user data, and `continue` asks the server's own list of films
/// stopped part way (`/UserItems/Resume`, On Deck) and shows them most recent first.
@Suite(.timeLimit(.minutes(3))) struct ContinueTests {
  private func jellyfin(
    _ server: JellyfinTestServer, _ commands: [String], extra: [String] = [],
    environment: [String: String] = JellyfinTestServer.tokenEnvironment
  ) async throws -> MoviesRun {
    try await server.runMovies(commands, extra: extra, environment: environment)
  }

  private func json(_ run: MoviesRun) -> [[String: Any]] {
    run.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  /// Asks the server itself, through Foundation's HTTP stack (not the program's): alice's
  /// films and episodes with their user data, in the file's order.
  private func aliceItems(_ server: JellyfinTestServer) async throws -> [[String: Any]] {
    func get(_ path: String) async throws -> Any {
      var request = URLRequest(url: try #require(URL(string: server.baseURL.absoluteString + path)))
      request.setValue(
        "MediaBrowser Client=\"oracle\", Device=\"t\", DeviceId=\"t\", Version=\"1\", "
          + "Token=\"\(JellyfinTestServer.apiKey)\"", forHTTPHeaderField: "Authorization")
      return try JSONSerialization.jsonObject(
        with: try await URLSession.shared.data(for: request).0)
    }
    let users = try #require(try await get("/Users") as? [[String: Any]])
    let alice = try #require(users.first { $0["Name"] as? String == "alice" }?["Id"] as? String)
    let items = try await get(
      "/Items?userId=\(alice)&IncludeItemTypes=Movie,Episode&Recursive=true")
    return (items as? [String: Any])?["Items"] as? [[String: Any]] ?? []
  }

  @Test func jellyfinRowsAreMarkedAsTheServerSaysAndContinueListsTheLastStoppedFirst()
    async throws
  {
    let server = try await JellyfinTestServer(limit: 40)
    let items = try await aliceItems(server)
    func data(_ item: [String: Any]) -> [String: Any] { item["UserData"] as? [String: Any] ?? [:] }
    let stopped = items.filter {
      (data($0)["PlaybackPositionTicks"] as? Int ?? 0) > 0 && data($0)["Played"] as? Bool != true
    }.sorted {
      (data($0)["LastPlayedDate"] as? String ?? "") > (data($1)["LastPlayedDate"] as? String ?? "")
    }
    #expect(stopped.count >= 3, "the test library has films to continue")

    let run = try await jellyfin(
      server, ["order title", "more 3", "continue", "more"], extra: ["--count", "5"])
    #expect(run.status == 0, "\(run.stderr)")
    // The marks of the title-ordered rows, against the server's user data for each name.
    let byName = Dictionary(
      items.map { ($0["Name"] as? String ?? "", data($0)) }, uniquingKeysWith: { first, _ in first }
    )
    let rows = run.tableRows
    let marks = run.progressMarks
    let listed = Array(zip(rows, marks).prefix(20))
    #expect(listed.count == 20)
    for ((_, text), (_, mark)) in listed {
      // The longest name the row begins with: "Up" begins "Upside" too.
      let name = try #require(
        byName.keys.filter { text.hasPrefix($0) }.max { $0.count < $1.count }, "\(text)")
      let user = try #require(byName[name])
      let position = user["PlaybackPositionTicks"] as? Int ?? 0
      let length = items.first { $0["Name"] as? String == name }?["RunTimeTicks"] as? Int ?? 0
      if user["Played"] as? Bool == true {
        #expect(mark == "✓", "\(text)")
      } else if position > 0, length > 0 {
        // Rounded, as the server's own percentage is (issue 42).
        let percent = Int((Double(position) * 100 / Double(length)).rounded())
        #expect(mark == "▶ \(min(99, max(1, percent)))%", "\(text)")
      } else {
        #expect(mark == "", "\(text)")
      }
    }
    #expect(marks.contains { $0.mark == "✓" } && marks.contains { $0.mark.hasPrefix("▶ ") })
    // `continue` and the `more` after it: the films stopped part way, last played first.
    let continued = rows.dropFirst(20).map(\.text)
    let expected = stopped.prefix(continued.count).compactMap { $0["Name"] as? String }
    #expect(continued.count == min(10, stopped.count))
    // An episode's row may name its series first.
    #expect(zip(continued, expected).allSatisfy { $0.contains(String($1.prefix(20))) })
    #expect(run.progressMarks.dropFirst(20).allSatisfy { $0.mark.hasPrefix("▶") })

    let resume = try server.requests().filter { $0.path == "/UserItems/Resume" }
    #expect(resume.map { $0.query["StartIndex"] } == ["0", "5"])
    #expect(resume.allSatisfy { $0.query["Limit"] == "5" && $0.query["userId"]?.isEmpty == false })
    #expect(
      resume.allSatisfy { $0.query["IncludeItemTypes"] == "Movie,Episode" && $0.token == "api-key" }
    )
  }

  @Test func plexContinueListsOnDeckLastWatchedFirst() async throws {
    let server = try await PlexTestServer(limit: 60)
    let run = try await MoviesRun.run(
      server.arguments(["--no-prefetch", "--json", "--count", "4"]) + ["-c", "continue"],
      environment: PlexTestServer.environment)
    #expect(run.status == 0, "\(run.stderr)")
    let rows = json(run).flatMap { $0["rows"] as? [[String: Any]] ?? [] }
    #expect(rows.count == 4)
    // The oracle: the film and TV sections from the server, their films and episodes stopped
    // part way by when they were last watched.
    var films: [[String: Any]] = []
    for list in ["/library/sections/1/all?type=1", "/library/sections/2/all?type=4"] {
      films += try await server.container(list)["Metadata"] as? [[String: Any]] ?? []
    }
    let expected = films.filter { ($0["viewOffset"] as? Int ?? 0) > 0 }
      .sorted { ($0["lastViewedAt"] as? Int ?? 0) > ($1["lastViewedAt"] as? Int ?? 0) }
      .prefix(4).compactMap { $0["title"] as? String }
    #expect(rows.compactMap { $0["title"] as? String } == expected)
    for row in rows {
      let playback = try #require(row["playback"] as? [String: Any])
      #expect(playback["played"] as? Bool == false)
      #expect(playback["position"] as? Int ?? 0 > 0)
    }
    let deck = try server.requests().filter {
      $0.path == "/library/onDeck" && $0.headers["X-Plex-Client-Identifier"] != "oracle"
    }
    #expect(deck.count == 1)
    #expect(deck.first?.containerStart == 0 && deck.first?.containerSize == 4)
    #expect(deck.allSatisfy { $0.tokenVia == "header" })
  }

  @Test func aSourceWithoutPlaybackRefusesContinueInOneSentenceAndKeepsTheList() async throws {
    let run = try await MoviesRun.run(
      ["-c", "more", "-c", "continue", "-c", "more"], environment: [:])
    #expect(run.status == 1)
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(run.stderr)")
    #expect(
      lines.first?.contains(
        "This source does not know what you have watched, so 'continue' has nothing to go on")
        == true)
    let without = try await MoviesRun.run(["-c", "more", "-c", "more"], environment: [:])
    #expect(run.stdout == without.stdout, "the list goes on after it as it was")
    #expect(run.tableRows.count == 20)
  }
}
