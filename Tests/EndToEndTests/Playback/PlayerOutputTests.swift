import Foundation
import TestSupport
import Testing

/// mpv prints a stream's tags (its title, its tracks' names) as they come, escape sequences
/// and all; `play` has it print only its errors. The real mpv, in tmux, plays a stream whose
/// title tag would set the clipboard (OSC 52) and the window title, and clear the screen.
@Suite(.tags(.mpv), .timeLimit(.minutes(2))) struct PlayerOutputTests {
  @Test func aStreamsTagsDoNotReachTheTerminal() async throws {
    guard RealProgram.mpv.require() != nil else { return }
    let hostile = "\u{1B}]52;c;Q0xJUEJPQVJE\u{07}\u{1B}]2;TITLE-SET\u{07}\u{1B}[2JTAG-END"
    let server = try await JellyfinTestServer(
      limit: 5, extraArguments: ["--stream-title", hostile])
    let home = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: home) }
    // No sound card where tests run: mpv's null output plays the fifth of a second.
    let mpvConfig = home.appendingPathComponent(".config/mpv")
    try FileManager.default.createDirectory(at: mpvConfig, withIntermediateDirectories: true)
    try Data("ao=null\nvo=null\n".utf8).write(to: mpvConfig.appendingPathComponent("mpv.conf"))
    let session = try TmuxSession(
      arguments: [
        "--source", "jellyfin", "--api", server.baseURL.absoluteString, "--jellyfin-user", "alice",
        "--no-prefetch",
      ],
      environment: ["JELLYFIN_TOKEN": JellyfinTestServer.apiKey, "PATH": "/usr/bin:/bin"],
      home: home, width: 120, height: 40)
    defer { session.stop() }
    try await session.waitFor("movies added 5>")
    let raw = home.appendingPathComponent("raw-output")
    try session.recordOutput(to: raw)
    try session.type("play 1\r")
    let screen = try await session.waitUntil("mpv to finish") {
      $0.contains("Played row 1") || $0.contains("Stopped row 1") || $0.contains("mpv stopped")
    }
    let streams = try server.requests().filter { $0.path.hasSuffix("/stream") }
    #expect(streams.count >= 2, "mpv read the stream after the first answer")
    let bytes = (try? Data(contentsOf: raw)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    #expect(!bytes.isEmpty, "the output was recorded")
    for part in ["Q0xJUEJPQVJE", "TITLE-SET", "TAG-END", "\u{1B}[2J"] {
      #expect(!bytes.contains(part), "\(part.debugDescription) reached the terminal")
    }
    #expect(try session.paneTitle() != "TITLE-SET")
    #expect(screen.contains("movies added 5>"), "nothing cleared the screen")
  }
}
