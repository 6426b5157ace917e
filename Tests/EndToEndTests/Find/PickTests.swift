import Foundation
import TestSupport
import Testing

/// `pick` in a real terminal (tmux): fzf over the loaded rows, a preview pane drawn by the
/// program from a temporary file with no request, Enter prints the row as `show N` does.
/// Without fzf, or without a terminal, it says how to get it.
@Suite(.timeLimit(.minutes(2))) struct PickTests {
  @Test(.tags(.fzf)) func fzfIsInstalledForTheseTests() {
    RealProgram.fzf.require()
  }

  @Test(.tags(.fzf), .enabled(if: RealProgram.fzf.isInstalled))
  func pickPreviewsARowWithItsPosterAndEnterShowsIt() async throws {
    RealProgram.fzf.require()
    let server = try await HoppinTestServer()
    defer { server.stop() }
    let page = try await server.titles(page: 1)
    let session = try TmuxSession(
      arguments: ["--api", server.apiURL.absoluteString, "--no-prefetch"], width: 140, height: 45)
    defer { session.stop() }
    try await session.waitFor("movies 10/2,006>")
    // The poster of row 3 goes into the disk cache, where the preview finds it.
    try session.type("thumb 3\r")
    try await session.waitFor("Saved thumbnails/3-")
    let requestsBefore = try server.requests().count

    try session.type("pick \(page[2].prefix(4))\r")
    let screen = try await session.waitFor("#3  \(page[2])")
    #expect(screen.contains("pick> \(page[2].prefix(4))"))
    #expect(screen.contains("Thumbnail "))
    #expect(
      screen.contains("▀") || screen.contains("▄") || screen.contains("▆"), "the poster is drawn")
    #expect(try server.requests().count == requestsBefore, "the preview asked the server nothing")

    try session.press("Enter")
    let shown = try await session.waitUntil("the prompt after show") {
      $0.contains("Running time") && TmuxSession.lastLine(of: $0).hasPrefix("movies 10/2,006>")
    }
    #expect(shown.contains("#3  \(page[2])"))
    #expect(!shown.contains("pick> "), "fzf has left the screen")
  }

  @Test func withoutFzfPickSaysHowToGetIt() async throws {
    let empty = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: empty) }
    let session = try TmuxSession(arguments: [], environment: ["PATH": empty.path])
    defer { session.stop() }
    try await session.waitFor("movies 10/2,006>")
    try session.type("pick\r")
    try await session.waitFor("sudo apt-get install fzf")
    #expect(session.isRunning)
  }

  @Test func withoutATerminalPickIsAnErrorThatSaysWhereItWorks() async throws {
    let run = try await MoviesRun.run(["--json"], input: "pick\n")
    #expect(run.status == 1)
    let last = try #require(run.stdout.split(separator: "\n").last)
    let object = try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]
    let error = try #require(object?["error"] as? [String: Any])
    #expect(error["code"] as? String == "no_picker")
    let message = try #require(error["message"] as? String)
    #expect(message.contains("works only at a terminal's prompt"), "\(message)")
    // fzf may well be installed: telling a script to install it sends the reader astray.
    #expect(!message.contains("install"), "\(message)")
  }
}
