import Foundation
import MoviesCore
import TestSupport
import Testing

@testable import movies

/// Issue 42's smaller edges: one message for one failure (`find alien` with the server
/// killed), `resume list` naming each session's source, `continue`'s percentage rounded as
/// the server's, `--help` saying Plex sorts by added too, and `pick`'s preview not saying
/// "not cached" above the poster `pick` is loading. Against the local TMDb and Jellyfin, in
/// script mode and in tmux at 100, 80, 60 and 40 columns.
@Suite(.timeLimit(.minutes(3))) struct SmallEdgesTests {
  @Test func aKilledServerIsOneMessageInScriptMode() async throws {
    let server = try await TMDbTestServer(limit: 30)
    let session = try MoviesSession(
      server.arguments(["--no-prefetch", "--retries", "0"]),
      environment: ["TMDB_API_KEY": TMDbTestServer.apiKey])
    try await session.waitForOutput(containing: "Showing 10 of 30")
    server.stop()
    session.send("find alien")
    let run = try await session.finish()
    #expect(run.stderr.split(separator: "\n").count == 1, "one message: \(run.stderr)")
    #expect(run.stderr.contains("type 'find alien' to try again"), "\(run.stderr)")
    #expect(!run.stdout.contains("Could not search"), "a second message: \(run.stdout)")
  }

  @Test(arguments: [100, 80, 60, 40])
  func aKilledServerIsOneMessageAtThePrompt(width: Int) async throws {
    let server = try await TMDbTestServer(limit: 30)
    let session = try TmuxSession(
      arguments: server.arguments(["--no-prefetch", "--no-preview", "--retries", "0"]),
      environment: ["TMDB_API_KEY": TMDbTestServer.apiKey], width: width, height: 40)
    defer { session.stop() }
    try await session.waitFor("popular 10/30>")
    server.stop()
    try session.press("C-l")
    try session.type("find alien\r")
    try await session.waitUntil("the error and the prompt") {
      $0.contains("error:") && TmuxSession.lastLine(of: $0).hasSuffix("popular 10/30>")
    }
    let text = try session.unfoldedScreen()
    #expect(text.components(separatedBy: "error:").count == 2, "one error: \(text)")
    #expect(!text.contains("Could not search"), "a second message: \(text)")
  }

  @Test(arguments: [100, 40])
  func resumeListNamesEachSessionsSource(width: Int) async throws {
    let server = try await TMDbTestServer(limit: 30)
    defer { server.stop() }
    let home = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: home) }
    let key = ["TMDB_API_KEY": TMDbTestServer.apiKey]
    // A session on each source: leaving the prompt after `more` saves it.
    for (arguments, prompt) in [
      (["--no-preview"], "movies 20/2,006>"),
      (server.arguments(["--no-prefetch", "--no-preview"]), "popular 20/30>"),
    ] {
      let session = try TmuxSession(
        arguments: arguments, environment: key, home: home, width: width, height: 30)
      try await session.waitFor("10/")
      try session.type("more\r")
      try await session.waitFor(prompt)
      try session.type("quit\r")
      try await session.waitForExit()
      session.stop()
    }
    let session = try TmuxSession(
      arguments: ["--no-preview"], environment: key, home: home, width: width, height: 30)
    defer { session.stop() }
    try await session.waitFor("movies 10/2,006>")
    try session.type("resume list\r")
    try await session.waitFor("reopens one")
    let text = try session.unfoldedScreen().split(whereSeparator: \.isWhitespace)
      .joined(separator: " ")
    let port = try #require(server.apiURL.port)
    #expect(text.contains("resume list 1 20 rows "), "\(text)")
    #expect(text.contains(" · on tmdb at 127.0.0.1:\(port) · "), "\(text)")
    #expect(text.contains("2 20 rows by release date · on the offline catalogue · "), "\(text)")
  }

  @Test func helpSaysAddedIsForJellyfinAndPlex() async throws {
    let help = try await MoviesRun.run(["--help"]).stdout
    let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("added (Jellyfin and Plex)"), "\(help)")
    #expect(words.contains("added on Jellyfin and Plex"), "\(help)")
  }

  @Test func continueRoundsTheServersPercentage() async throws {
    let server = try await JellyfinTestServer(limit: 60)
    defer { server.stop() }
    let run = try await server.runMovies(["continue"], extra: ["--json"])
    #expect(run.status == 0, "\(run.stderr)")
    let text = try await server.runMovies(["continue"], extra: ["--count", "50"])
    let line = try #require(run.stdout.split(separator: "\n").last)
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    let rows = try #require(object?["rows"] as? [[String: Any]])
    #expect(!rows.isEmpty)
    var checked = 0
    for row in rows {
      guard let title = row["title"] as? String,
        let playback = row["playback"] as? [String: Any],
        let position = playback["position"] as? Int, let length = playback["length"] as? Int,
        position > 0, length > 0
      else { continue }
      checked += 1
      // The server's PlayedPercentage is position over length; shown rounded, not cut.
      let exact = Double(position) * 100 / Double(length)
      let rounded = min(99, max(1, Int(exact.rounded())))
      let shown = text.stdout.split(separator: "\n").first { $0.contains(title) } ?? ""
      #expect(shown.contains("▶ \(rounded)%"), "\(exact) % shown as: \(shown)")
    }
    #expect(checked > 0, "\(run.stdout)")
  }

  @Test func pickSaysNothingOfCachingAboveAPosterItIsLoading() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let movie: [String: Any] = [
      "movieId": "1", "title": "Bands", "releaseDate": "2001",
      "thumbnailImage": "http://127.0.0.1:9/bands.png",
    ]
    let header: [String: Any] = ["cache": folder.path, "mode": "symbols", "cell": [6, 13]]
    let row: [String: Any] = [
      "row": 3, "poster": "http://127.0.0.1:9/bands.png",
      "hoppin": ["movies": ["movie": [movie]]],
    ]
    let lines = try [header, row].map {
      String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self)
    }
    let file = folder.appendingPathComponent("rows.jsonl")
    try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
    // `pick` could not load it: the preview stops waiting at once.
    FileManager.default.createFile(
      atPath: folder.appendingPathComponent("\(PickPosters.failedPrefix)1").path, contents: nil)
    let run = try await MoviesRun.run(
      ["--pick-preview", file.path, "1"],
      environment: ["FZF_PREVIEW_COLUMNS": "40", "FZF_PREVIEW_LINES": "30", "NO_COLOR": ""])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("Thumbnail"), "\(run.stdout)")
    #expect(!run.stdout.contains("not cached"), "\(run.stdout)")
  }
}
