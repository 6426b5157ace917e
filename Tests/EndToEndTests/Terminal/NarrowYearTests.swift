import Foundation
import MoviesCore
import TestSupport
import Testing

/// The year is kept at every width down to 40 columns, before the genres give way, in the
/// list and in `find`'s tables (at 60 columns `find lord of the rings` had no Released
/// column at all). On the local TMDb in tmux at 100, 80, 60 and 40 columns, and offline in
/// script mode.
@Suite(.timeLimit(.minutes(3))) struct NarrowYearTests {
  /// The table lines of a screen: those that start with a row label (`12`, `f3`).
  private static func rows(_ screen: String) -> [Substring] {
    screen.split(separator: "\n").filter { $0.firstMatch(of: /^ *f?[0-9]+\ \ /) != nil }
  }

  /// Whether a row ends with its year (or whole date), and fits the width.
  private static func endsWithYear(_ row: Substring, width: Int) -> Bool {
    row.firstMatch(of: /\ \ (1[89]|20)[0-9]{2}(-[0-9]{2}-[0-9]{2})?$/) != nil
      && DisplayWidth.columns(of: String(row)) <= width
  }

  @Test(arguments: [100, 80, 60, 40])
  func theListAndFindKeepTheYear(width: Int) async throws {
    let server = try await TMDbTestServer()
    defer { server.stop() }
    let session = try TmuxSession(
      arguments: server.arguments(["--no-prefetch", "--no-preview"]),
      environment: ["TMDB_API_KEY": TMDbTestServer.apiKey], width: width, height: 50)
    defer { session.stop() }
    let first = try await session.waitFor("popular 10/")
    let total = try #require(TmuxSession.lastLine(of: first).split(separator: "/").last)
    let header = try #require(first.split(separator: "\n").first { $0.contains("Title") })
    #expect(header.hasSuffix("Year") || header.hasSuffix("Released"), "\(header)")
    let rows = Self.rows(first)
    #expect(rows.count == 10, "\(first)")
    for row in rows { #expect(Self.endsWithYear(row, width: width), "\(width): '\(row)'") }
    // Tight: the row number and mark take their own widths and one gap.
    #expect(rows.first?.hasPrefix(" 1     ") == false, "\(first)")
    // The genres give way before the year does.
    if width <= 60 { #expect(!header.contains("Genres") || width == 60, "\(header)") }
    try session.press("C-l")
    try session.type("find lord of the rings\r")
    let found = try await session.waitUntil("the matches and the prompt") {
      $0.contains(" matches among ") && TmuxSession.lastLine(of: $0).hasSuffix(String(total))
    }
    let matches = Self.rows(found)
    #expect(!matches.isEmpty, "\(found)")
    for row in matches { #expect(Self.endsWithYear(row, width: width), "\(width): '\(row)'") }
  }

  @Test func scriptModeAtFortyColumnsKeepsTheYear() async throws {
    let run = try await MoviesRun.run(
      ["-c", "find godfather"], environment: ["COLUMNS": "40"])
    #expect(run.status == 0, "\(run.stderr)")
    let rows = Self.rows(run.stdout)
    #expect(rows.count >= 2, "\(run.stdout)")
    for row in rows { #expect(Self.endsWithYear(row, width: 40), "'\(row)'") }
  }
}
