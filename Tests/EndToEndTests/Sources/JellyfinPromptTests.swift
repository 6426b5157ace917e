import Foundation
import TestSupport
import Testing

/// A person at the prompt browsing a Jellyfin library in tmux: `show` says where they
/// stopped, `play` hands the film to a stand-in mpv whose command line holds no secret.
@Suite(.timeLimit(.minutes(2))) struct JellyfinPromptTests {
  @Test func playAtThePromptGoesThroughMpvWithoutTheSecretOnItsCommandLine() async throws {
    let server = try await JellyfinTestServer(limit: 40)
    let player = try StandInPlayer()
    defer { player.remove() }
    let session = try server.promptAsBob(player: player)
    defer { session.stop() }
    let banner = try await session.waitFor("movies added 10/40>")
    let host = try #require(server.baseURL.host).appending(":\(server.baseURL.port ?? 0)")
    #expect(banner.contains("on Jellyfin at \(host) (token from JELLYFIN_TOKEN)"), "\(banner)")
    try session.type("show 2\r")
    let shown = try await session.waitFor("Progress ")
    #expect(shown.contains("#2  "))
    try session.type("play 2\r")
    let screen = try await session.waitFor("Stopped row 2, ")
    let mpv = try #require(try player.run())
    let commandLine = mpv.arguments.joined(separator: " ")
    #expect(!commandLine.contains(JellyfinTestServer.bobToken))
    #expect(!commandLine.contains("Token"))
    #expect(commandLine.hasSuffix("/stream"), "the relay's address")
    #expect(mpv.includePath.isEmpty, "no headers for mpv")
    #expect(mpv.streamStatus == 200)
    let stream = try #require(try server.requests().last { $0.path.hasSuffix("/stream") })
    #expect(stream.token == "user", "the relay sent the user's token toward the server")
    #expect(!screen.contains(JellyfinTestServer.bobToken))
    #expect(session.isRunning, "the prompt is back after mpv")
    let history = session.home.appendingPathComponent("state/movies/history")
    try session.type("quit\r")
    try await session.waitForExit()
    let saved = (try? String(contentsOf: history, encoding: .utf8)) ?? ""
    #expect(saved.contains("play 2"))
    #expect(!saved.contains(JellyfinTestServer.bobToken))
  }
}
