import Foundation
import TestSupport
import Testing

/// The prompt in a real pseudo-terminal (tmux): keys typed, the screen read back.
@Suite(.serialized, .timeLimit(.minutes(1))) struct PseudoTerminalTests {
  @Test func completionOffersMoreUntilEverythingIsLoaded() async throws {
    let server = try await HoppinTestServer(limit: 15)
    defer { server.stop() }
    let session = try TmuxSession(arguments: ["--api", server.apiURL.absoluteString])
    defer { session.stop() }
    let firstTitles = try await server.titles(page: 1)
    let lastTitles = try await server.titles(page: 2)

    try await session.waitFor(try #require(firstTitles.last))
    try session.type("mo")
    try session.press("Tab")
    // Completed with its space, and the hint on the right says what may follow.
    try await session.waitUntil("'more ' completed") {
      TmuxSession.lastLine(of: $0).contains("> more ")
        && TmuxSession.lastLine(of: $0).hasSuffix("[N] (a number of pages)")
    }
    try session.press("Enter")
    try await session.waitFor(try #require(lastTitles.last))

    // Everything is loaded: Tab must leave "mo" alone, so the X lands right after it.
    try session.type("mo")
    try session.press("Tab")
    try session.type("X")
    let screen = try await session.waitUntil("the typed X") {
      TmuxSession.lastLine(of: $0).contains("X")
    }
    #expect(TmuxSession.lastLine(of: screen).hasSuffix("> moX"))
  }

  @Test func genreCompletesGenreNamesAndShowHintsItsArgument() async throws {
    let session = try TmuxSession(arguments: [])
    defer { session.stop() }
    try await session.waitFor("movies 10/")

    try session.type("show ")
    try await session.waitFor("N (a row number)")
    try session.press("C-u")
    // The catalogue's genre names, from the file the program reads.
    let data = try Data(contentsOf: TestPaths.sampleData.appendingPathComponent("genres.json"))
    let root = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    let names = (root?["genres"] as? [[String: String]] ?? []).compactMap { $0["genreName"] }
    let name = try #require(names.first { $0.count > 3 })
    // The names load in the background after the first page; until they are in, Tab offers
    // only `all`, so the line is typed again until the name completes.
    try await session.waitUntil("the genre completed") { screen in
      if TmuxSession.lastLine(of: screen).hasSuffix("> genre \(name)") { return true }
      _ = try? session.press("C-u")
      _ = try? session.type("genre " + name.prefix(3).lowercased())
      _ = try? session.press("Tab")
      return false
    }
  }

  /// After `watchlist`, Tab offers its entries to the commands that take `wN`.
  @Test func afterWatchlistTabOffersItsEntries() async throws {
    let session = try TmuxSession(arguments: ["--no-pager"])
    defer { session.stop() }
    try await session.waitFor("movies 10/")
    for line in ["watch 2", "watch 4", "watchlist"] {
      try session.type(line)
      try session.press("Enter")
    }
    try await session.waitFor("2 movies on the watchlist")
    try session.type("show ")
    try session.press("Tab")
    // Tab adds what every entry starts with, then lists them.
    try await session.waitUntil("the common w") {
      TmuxSession.lastLine(of: $0).hasSuffix("> show w")
    }
    try session.press("Tab")
    try await session.waitUntil("the entries listed") {
      $0.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "w1  w2" }
    }
  }

  @Test func thePromptCountsTheLoadedRows() async throws {
    let total = 25
    let server = try await HoppinTestServer(limit: total)
    defer { server.stop() }
    let session = try TmuxSession(arguments: ["--api", server.apiURL.absoluteString])
    defer { session.stop() }

    try await session.waitFor("movies 10/\(total)>")
    try session.type("more\r")
    try await session.waitFor("movies 20/\(total)>")
    try session.type("more\r")
    try await session.waitFor("movies \(total)>")
    #expect(try server.pageRequests() == [1, 2, 3])
  }

  @Test func historySurvivesARestart() async throws {
    let first = try TmuxSession(arguments: [])
    defer { first.stop() }
    try await first.waitFor("movies 10/")
    try first.type("show 2\r")
    try await first.waitFor("#2  ")
    try first.press("C-d")
    try await first.waitForExit()
    let file = first.home.appendingPathComponent("state/movies/history")
    #expect(try String(contentsOf: file, encoding: .utf8) == "show 2\n")

    let second = try TmuxSession(arguments: [], home: first.home)
    defer { second.stop() }
    try await second.waitFor("movies 10/")
    try second.press("Up")
    try await second.waitUntil("the previous line recalled") {
      TmuxSession.lastLine(of: $0).hasSuffix("> show 2")
    }
  }

  @Test func ctrlCDropsTheLineAndStaysAtThePrompt() async throws {
    let session = try TmuxSession(arguments: [])
    defer { session.stop() }
    try await session.waitFor("movies 10/")
    try session.type("frobnicate")
    try session.press("C-c")
    try await session.waitUntil("a fresh prompt") { screen in
      let lines = screen.split(separator: "\n").filter { !$0.isEmpty }
      return lines.count >= 2 && lines[lines.count - 2].hasSuffix("frobnicate^C")
        && lines[lines.count - 1].hasSuffix(">")
    }
    try session.type("show 1\r")
    let screen = try await session.waitFor("#1  ")
    #expect(!screen.contains("Unknown command"), "the dropped line never ran")
    #expect(session.isRunning)
  }

  @Test func aSlowLoadShowsASpinnerAndCtrlCCancelsIt() async throws {
    let server = try await HoppinTestServer(extraArguments: ["--fault", "hang"])
    defer { server.stop() }
    let session = try TmuxSession(arguments: ["--api", server.apiURL.absoluteString])
    defer { session.stop() }

    // The server never answers, so the first page is still loading when the spinner shows.
    let host = try #require(server.apiURL.host)
    try await session.waitFor("Loading page 1 from \(host)")
    try session.press("C-c")
    let screen = try await session.waitFor("Cancelled; nothing was changed.")
    #expect(!screen.contains("Loading page"), "the spinner erased its line")
    try await session.waitUntil("the prompt back") { TmuxSession.lastLine(of: $0) == "movies>" }
  }

  /// The spinner names the page the next `more` asks for: the shell learns it from the last
  /// reply, not by asking the browser.
  @Test func theSpinnerNamesEachNextPage() async throws {
    let server = try await HoppinTestServer(limit: 45, extraArguments: ["--latency", "1500"])
    defer { server.stop() }
    let session = try TmuxSession(
      arguments: ["--api", server.apiURL.absoluteString, "--no-prefetch"])
    defer { session.stop() }
    let host = try #require(server.apiURL.host)
    try await session.waitFor("Loading page 1 from \(host)")
    try await session.waitUntil("the first page") {
      TmuxSession.lastLine(of: $0) == "movies 10/45>"
    }
    try session.type("more\r")
    try await session.waitFor("Loading page 2 from \(host)")
    try await session.waitUntil("the second page") {
      TmuxSession.lastLine(of: $0) == "movies 20/45>"
    }
    try session.type("more 2\r")
    try await session.waitFor("Loading page 3 from \(host)")
    try await session.waitUntil("four pages") { TmuxSession.lastLine(of: $0) == "movies 40/45>" }
  }

  @Test func aLongListGoesThroughThePager() async throws {
    let server = try await HoppinTestServer(limit: 40)
    defer { server.stop() }
    let folder = try TestPaths.makeTemporaryFolder()
    let paged = folder.appendingPathComponent("paged")
    let session = try TmuxSession(
      arguments: ["--api", server.apiURL.absoluteString, "--count", "20"],
      environment: ["PAGER": "cat > '\(paged.path)'; echo PAGER-RAN"], height: 15)
    defer { session.stop() }
    let titles = try await server.titles(page: 1, count: 20)

    try await session.waitFor("movies 20/40>")
    try session.type("list\r")
    // The first page went through the pager too (it is taller than the screen): wait for the
    // pager that `list` started, or the file may be read while `cat >` has just emptied it.
    try await session.waitUntil("the pager to run for list") { $0.contains("> list\nPAGER-RAN") }
    let text = try String(contentsOf: paged, encoding: .utf8)
    for title in titles { #expect(text.contains(title)) }
  }

  @Test func aListThatFitsIsPrintedAndNoPagerTurnsItOff() async throws {
    let server = try await HoppinTestServer(limit: 40)
    defer { server.stop() }
    let folder = try TestPaths.makeTemporaryFolder()
    let paged = folder.appendingPathComponent("paged")
    for arguments in [["--count", "5"], ["--count", "20", "--no-pager"]] {
      let session = try TmuxSession(
        arguments: ["--api", server.apiURL.absoluteString] + arguments,
        environment: ["PAGER": "cat > '\(paged.path)'"], height: 15)
      defer { session.stop() }
      try await session.waitFor("/40>")
      // The command after `list` runs only once `list` is done.
      try session.type("list\rshow 1\r")
      try await session.waitFor("#1  ")
      session.stop()
    }
    #expect(!FileManager.default.fileExists(atPath: paged.path))
  }
}
