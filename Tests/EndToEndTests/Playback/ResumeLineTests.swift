import Foundation
import TestSupport
import Testing

/// At the prompt, `play N` says it resumes before mpv opens, so a person can quit and type
/// `from:start` at once; the result does not say it again.
@Suite(.timeLimit(.minutes(2))) struct ResumeLineTests {
  @Test func theResumingLineComesBeforeThePlayEnds() async throws {
    let server = try await JellyfinTestServer(limit: 20)
    let films = try await server.films(token: JellyfinTestServer.bobToken)
    let index = try #require(films.firstIndex { !$0.played && $0.position > 60 })
    let (row, film) = (index + 1, films[index])
    let player = try StandInPlayer()
    defer { player.remove() }
    let session = try TmuxSession(
      arguments: [
        "--source", "jellyfin", "--api", server.baseURL.absoluteString, "--no-prefetch",
        "--count", "20",
      ],
      environment: StandInPlayer.playing(speed: 1, length: film.length, quitAfter: 6).merging([
        "JELLYFIN_TOKEN": JellyfinTestServer.bobToken, "PATH": player.path(),
      ]) { $1 })
    defer { session.stop() }
    try await session.waitFor("movies added 20>")
    try session.type("play \(row)\r")
    let during = try await session.waitFor("Resuming \"\(film.title)\" at ")
    #expect(during.contains("('play \(row) from:start' starts over)."), "\(during)")
    #expect(!during.contains("Stopped row \(row)"), "said while mpv plays")
    let after = try await session.waitFor("Stopped row \(row)")
    #expect(after.components(separatedBy: "Resuming").count == 2, "said once: \(after)")
  }
}
