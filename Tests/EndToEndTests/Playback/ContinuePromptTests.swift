import Foundation
import TestSupport
import Testing

/// A person at the prompt on Jellyfin, in tmux: the progress marks on screen, `continue`
/// naming its list in the prompt, and Tab offering a watchlist entry to `play`.
@Suite(.timeLimit(.minutes(2))) struct ContinuePromptTests {
  @Test func continueShowsInThePromptAndPlayTakesAnEntryFromTab() async throws {
    let server = try await JellyfinTestServer(limit: 40)
    let player = try StandInPlayer()
    defer { player.remove() }
    let session = try server.promptAsBob(player: player)
    defer { session.stop() }
    let first = try await session.waitFor("movies added 10/40>")
    #expect(first.contains("✓") || first.contains("▶ "), "the marks on the first page: \(first)")

    try session.type("continue\r")
    let continued = try await session.waitFor("movies continue ")
    #expect(try server.requests().contains { $0.path == "/UserItems/Resume" })
    #expect(continued.contains("▶ "), "\(continued)")

    try session.type("watch 1\r")
    let watched = try await session.waitFor("to the watchlist.")
    let title = try #require(
      watched.split(separator: "\n").last { $0.contains("Added row 1, ") }?
        .split(separator: "\"").dropFirst().first)
    try session.type("watchlist\r")
    _ = try await session.waitFor("1 movie on the watchlist")
    try session.type("play w\t")
    _ = try await session.waitFor("play w1")
    try session.type("\r")
    _ = try await session.waitFor("Stopped entry w1, ")
    let played = try await session.waitFor("Stopped entry w1, ")
    #expect(played.contains("Stopped entry w1, \"\(title)\""), "the film continue listed first")
    let mpv = try #require(try player.run())
    #expect(mpv.streamStatus == 200)
    #expect(session.isRunning)
  }
}
