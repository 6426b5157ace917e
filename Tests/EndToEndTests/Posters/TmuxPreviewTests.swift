import Foundation
import TestSupport
import Testing

/// `--preview auto` inside tmux with no outer terminal that has true colour (a detached
/// session): symbols in 256 colours, and the note on passthrough said once.
@Suite(.timeLimit(.minutes(1))) struct TmuxPreviewTests {
  /// `movies --preview auto` over the banded poster, in tmux `width` columns wide, at its
  /// first prompt.
  private func withSession(width: Int, _ body: (TmuxSession) async throws -> Void)
    async throws
  {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try await HoppinTestServer(
      catalogue: try await offThePool { try BandedPoster.catalogue(in: folder) })
    defer { server.stop() }
    let session = try TmuxSession(
      arguments: [
        "--api", server.apiURL.absoluteString, "--preview", "auto",
        "--download-dir", folder.appendingPathComponent("downloads").path,
      ], width: width, height: 50)
    defer { session.stop() }
    try await session.waitFor("movies 1>")
    try await body(session)
  }

  @Test func passthroughOffDrawsSymbolsIn256ColoursAndSaysWhyOnce() async throws {
    try await withSession(width: 220) { session in
      try session.type("thumb 1")
      try session.press("Enter")
      try await session.waitFor("allow-passthrough is off")
      try session.type("thumb 1")
      try session.press("Enter")
      let screen = try await session.waitUntil("the second poster") {
        $0.components(separatedBy: "Saved ").count == 3
          && TmuxSession.lastLine(of: $0).hasSuffix("1>")
      }

      #expect(screen.components(separatedBy: "allow-passthrough is off").count == 2, "said once")
      #expect(screen.contains("'set -g allow-passthrough on'"))
      let colours = try session.screenWithAttributes()
      #expect(colours.contains("38;5;") || colours.contains("48;5;"))
      #expect(!colours.contains("38;2;") && !colours.contains("48;2;"))
    }
  }

  /// At 60 columns the note breaks at spaces, not in the middle of "draws".
  @Test func theNoteOnPassthroughWrapsAtSpaces() async throws {
    try await withSession(width: 60) { session in
      try session.type("thumb 1\r")
      try await session.waitFor("kitty, sixel")
      let screen = try await session.waitUntil("the prompt after the note") {
        TmuxSession.lastLine(of: $0).hasSuffix("1>")
      }
      let words = Set(screen.split(whereSeparator: \.isWhitespace))
      for word in ["allow-passthrough", "draws", "them", "pixels,", "terminal", "graphics.)"] {
        #expect(words.contains(Substring(word)), "'\(word)' whole:\n\(screen)")
      }
    }
  }
}
