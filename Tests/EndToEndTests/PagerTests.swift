import Foundation
import TestSupport
import Testing

/// The pager as people set it, in tmux with the real less: `PAGER=less` and the README's
/// `pager = less -S` show colour rather than raw escape codes and leave the page on screen
/// after `q`; a pager that cannot start is reported, not skipped silently.
@Suite(.serialized, .timeLimit(.minutes(2))) struct PagerTests {
  /// Runs a 40-row first page through the pager on a 20-line screen, quits it with `q` and
  /// returns the screens inside the pager and after it.
  private func pageAndQuit(_ session: TmuxSession) async throws -> (inside: String, after: String) {
    let inside = try await session.waitFor("Nosferatu")
    try session.type("q")
    let after = try await session.waitUntil("the prompt after the pager") {
      TmuxSession.lastLine(of: $0).hasPrefix("movies 40/")
    }
    return (inside, after)
  }

  @Test func plainLessShowsColourAndKeepsThePage() async throws {
    let session = try TmuxSession(
      arguments: ["--count", "40"], environment: ["PAGER": "less"], height: 20)
    defer { session.stop() }
    let (inside, after) = try await pageAndQuit(session)
    #expect(!inside.contains("ESC["), "escape codes shown raw: \(inside)")
    #expect(after.contains("Nosferatu"), "the page stays after q: \(after)")
  }

  @Test func theReadmesConfigPagerWorksAsWritten() async throws {
    let home = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: home) }
    let config = home.appendingPathComponent(".config/movies")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try "pager = less -S\n".write(
      to: config.appendingPathComponent("config"), atomically: true, encoding: .utf8)
    let session = try TmuxSession(arguments: ["--count", "40"], home: home, height: 20)
    defer { session.stop() }
    let (inside, after) = try await pageAndQuit(session)
    #expect(!inside.contains("ESC["), "escape codes shown raw: \(inside)")
    #expect(after.contains("Nosferatu"), "the page stays after q: \(after)")
  }

  @Test func aPagerThatCannotStartIsReported() async throws {
    let session = try TmuxSession(
      arguments: ["--count", "40"], environment: ["PAGER": "\"less -S\""], height: 20)
    defer { session.stop() }
    let screen = try await session.waitFor("could not start")
    let text = screen.split(separator: "\n").joined(separator: " ")
    #expect(
      text.contains("The pager '\"less -S\"' could not start (it was not found)"), "\(screen)")
    #expect(screen.contains("Showing 40 of 2,006"), "the page is printed instead: \(screen)")
  }
}
