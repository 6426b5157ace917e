import Foundation
import TestSupport
import Testing

/// A person at the prompt on TMDb (tmux): browse, search, details with where to stream, a
/// poster drawn, watch, leave, and resume where they left off; the key never on screen or in
/// the files the session leaves.
@Suite(.timeLimit(.minutes(2))) struct TMDbPromptTests {
  @Test func browseSearchShowDrawWatchAndResume() async throws {
    let server = try await TMDbTestServer()
    let environment = ["TMDB_API_KEY": TMDbTestServer.apiKey]
    let arguments = server.arguments(["--no-color", "--preview", "symbols"])
    let session = try TmuxSession(arguments: arguments, environment: environment, height: 50)
    defer { session.stop() }
    let banner = try await session.waitFor("movies 0.1.0 on TMDb at 127.0.0.1")
    #expect(banner.contains("(key from TMDB_API_KEY)"))
    try await session.waitFor("popular 10/10,000>")

    try session.type("find zzzz\r")
    let none = try await session.waitUntil("the prompt after a search without matches") {
      $0.contains("No movie matches 'zzzz'") && !TmuxSession.lastLine(of: $0).contains("zzzz")
    }
    #expect(
      TmuxSession.lastLine(of: none).hasSuffix("popular 10/10,000>"),
      "a search without matches kept the list")
    try session.type("find star wars\r")
    let found = try await session.waitFor(" search results (")
    #expect(found.contains("Star Wars"))
    #expect(
      TmuxSession.lastLine(of: found).hasSuffix("popular 10/10,000>"),
      "the search left the list where it was")
    try session.type("show f")
    try session.press("Tab")
    try await session.waitFor("f1  f2")
    try session.press("C-u")
    try session.type("show f1\r")
    let shown = try await session.waitFor("data by JustWatch")
    #expect(shown.contains("Running time"))
    #expect(shown.contains("Overview"))
    try session.type("thumb f1\r")
    let drawn = try await session.waitUntil("a poster drawn") { screen in
      // A poster is drawn in block symbols under the line that saved it.
      let blocks = screen.unicodeScalars.filter { (0x2580...0x259F).contains($0.value) }
      return (screen.contains("Saved thumbnails/") && blocks.count >= 5)
        || screen.contains("TMDb has no poster for this film.")
    }
    try session.type("watch f1\r")
    try await session.waitFor("watchlist")
    try session.type("order rating\r")
    try await session.waitFor("rating 10/")
    try session.type("more\r")
    try await session.waitFor("rating 20/")
    try session.press("C-d")
    try await session.waitForExit()

    let again = try TmuxSession(
      arguments: arguments + ["--resume"], environment: environment, home: session.home,
      height: 50)
    defer { again.stop() }
    let resumed = try await again.waitFor("rating 20/")
    #expect(resumed.contains("Resumed"))
    try again.type("watchlist\r")
    let watchlist = try await again.waitFor("w1")
    #expect(watchlist.contains("Star"))
    try again.press("C-d")
    try await again.waitForExit()

    for screen in [found, shown, drawn, resumed, watchlist] {
      #expect(!screen.contains(TMDbTestServer.apiKey))
    }
    let left = try FileManager.default.subpathsOfDirectory(atPath: session.home.path)
    for path in left {
      let data = FileManager.default.contents(
        atPath: session.home.appendingPathComponent(path).path)
      #expect(data?.range(of: Data(TMDbTestServer.apiKey.utf8)) == nil, "the key is in \(path)")
    }
    #expect(left.contains { $0.hasSuffix("history") }, "no history was written: \(left)")
  }
  /// `show N` waits under its spinner for details that come four seconds later, then prints
  /// every field at once (issue 42: no row's fields first and the rest appended below); the
  /// same row again asks for nothing.
  @Test func showWaitsForTheSlowDetailsAndAsksForThemOnce() async throws {
    let server = try await TMDbTestServer(limit: 60, extraArguments: ["--details-delay", "4"])
    let session = try TmuxSession(
      arguments: server.arguments(["--no-color", "--no-prefetch"]),
      environment: ["TMDB_API_KEY": TMDbTestServer.apiKey], height: 50)
    defer { session.stop() }
    try await session.waitFor("popular 10/60>")
    let first = try #require(try await server.results().first)
    let title = try #require(first["title"] as? String)
    let id = try #require(first["id"] as? Int)

    let typed = ContinuousClock.now
    try session.type("show 1\r")
    let waiting = try await session.waitFor("Loading the details of row 1")
    #expect(ContinuousClock.now - typed < .seconds(3), "the spinner waited for the details")
    #expect(!waiting.contains("#1  \(title)"), "the row's fields printed before the details")
    let full = try await session.waitUntil("the details and the prompt") {
      $0.contains("Running time") && TmuxSession.lastLine(of: $0).hasSuffix("popular 10/60>")
    }
    #expect(full.contains("data by JustWatch"))
    #expect(
      full.components(separatedBy: "#1  \(title)").count == 2, "the heading printed once")

    try session.press("C-l")
    try await session.waitUntil("a cleared screen") { !$0.contains("Running time") }
    try session.type("show 1\r")
    try await session.waitUntil("the second show") {
      $0.contains("Running time") && TmuxSession.lastLine(of: $0).hasSuffix("popular 10/60>")
    }
    #expect(try server.requests(to: "/3/movie/\(id)").count == 1)
  }
}
