import Foundation
import TestSupport
import Testing

/// The pager as people set it, in tmux with the real less: `PAGER=less` and the README's
/// `pager = less -S` show colour rather than raw escape codes and leave the page on screen
/// after `q`; a pager that cannot start is reported, not skipped silently; `find`'s matches
/// that outgrow the screen go through it whole.
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

  @Test func findsMatchesThatOutgrowTheScreenGoThroughThePagerWhole() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let paged = folder.appendingPathComponent("paged.txt")
    let session = try TmuxSession(
      arguments: [], environment: ["PAGER": "cat > '\(paged.path)'"], height: 20)
    defer { session.stop() }
    _ = try await session.waitUntil("the prompt") {
      TmuxSession.lastLine(of: $0).hasPrefix("movies")
    }
    try session.type("find e\r")
    _ = try await session.waitUntil("the pager's file") { _ in
      ((try? String(contentsOf: paged, encoding: .utf8)) ?? "").contains(" matches in ")
    }
    let text = try String(contentsOf: paged, encoding: .utf8)
    let lines = text.split(separator: "\n")
    #expect(lines.count > 40, "the whole table: \(lines.count) lines")
    #expect(lines.first?.contains("Title") == true, "under its header: \(text.prefix(200))")
    #expect(lines.filter { $0.hasPrefix("1 ") || $0.hasPrefix("1  ") }.count <= 1)
    let screen = try await session.waitUntil("the prompt after the pager") {
      TmuxSession.lastLine(of: $0).hasPrefix("movies") && !$0.contains("searched")
    }
    // The rows printed before the matches outgrew the screen were taken back.
    #expect(!screen.contains(" matches in "), "the summary went to the pager: \(screen)")
  }
}
