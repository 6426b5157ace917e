import Foundation
import MoviesCore
import TestSupport
import Testing

/// The watchlist's mark is one column, in the gap after the row number (`1 ★ The Godfather`),
/// so it costs the title one column, not two (issue 42: "tight number and mark columns").
/// Marked and unmarked rows, Korean titles among them, line up under the header, and every
/// row fits and keeps its year, at 100, 80, 60 and 40 columns in tmux.
@Suite(.timeLimit(.minutes(3))) struct MarkColumnTests {
  /// The table lines of a screen: the header and the rows (`12`, `f3`).
  private static func table(_ screen: String) -> [String] {
    screen.split(separator: "\n").map(String.init).filter {
      $0.firstMatch(of: /^ *(#|f?[0-9]+)\ /) != nil && !$0.hasPrefix("#1 ")
    }
  }

  /// The column (from 0) where `text` starts in `line`.
  private static func column(of text: String, in line: String) throws -> Int {
    let range = try #require(line.range(of: text), "'\(text)' in '\(line)'")
    return DisplayWidth.columns(of: line[..<range.lowerBound])
  }

  /// Checks one table: the marked rows carry `★` one space after the number and one before
  /// the title, every title starts under the header's Title, and each row fits and ends in
  /// its year.
  private static func check(
    _ lines: [String], titles: [String], marked: Set<String>, width: Int
  ) throws {
    let header = try #require(lines.first { $0.contains("Title") }, "\(lines)")
    let titleColumn = try column(of: "Title", in: header)
    for title in titles {
      // As far as the table shows it: a long title is cut with `…`.
      let shown = String(title.prefix(8))
      let line = try #require(lines.first { $0.contains(shown) }, "\(title) in \(lines)")
      #expect(try column(of: shown, in: line) == titleColumn, "\(width): '\(line)'")
      let mark = line.firstMatch(of: /^ *[0-9]+ ★ \S/) != nil
      #expect(mark == marked.contains(title), "\(width): '\(line)'")
      #expect(DisplayWidth.columns(of: line) <= width, "\(width): '\(line)'")
      #expect(line.firstMatch(of: /\ \ (19|20)[0-9]{2}(-[0-9]{2}-[0-9]{2})?$/) != nil, "'\(line)'")
    }
    // The mark and the title are one space apart; the number and the mark too.
    #expect(!lines.contains { $0.contains("★  ") || $0.contains("  ★") }, "\(lines)")
  }

  @Test(arguments: [100, 80, 60, 40])
  func theMarkTakesOneColumnAndKoreanTitlesLineUp(width: Int) async throws {
    let session = try TmuxSession(
      arguments: ["--count", "5", "--order", "rating"], width: width, height: 50)
    defer { session.stop() }
    let first = try await session.waitFor("rating 5/2,006>")
    let topTitles = ["The Godfather", "The Shawshank Redemption"]
    #expect(Self.table(first).count == 6, "\(first)")
    try session.type("watch 2\r")
    try await session.waitFor("Added row 2")
    try session.press("C-l")
    try session.type("list\r")
    let listed = try await session.waitUntil("the list again, row 2 marked") {
      Self.table($0).contains { $0.contains("★") && $0.contains("Shawshank") }
        && TmuxSession.lastLine(of: $0).hasPrefix("movies rating")
    }
    let list = Self.table(listed)
    try Self.check(list, titles: topTitles, marked: ["The Shawshank Redemption"], width: width)
    // The number, a space, the mark, a space: the title three columns after the number
    // (`#` ends it), where the old mark with a gap of its own put it four after.
    #expect(
      try Self.column(of: "Title", in: list[0]) == Self.column(of: "#", in: list[0]) + 4,
      "\(list[0])")

    // find's matches: two Korean titles, one of them watched.
    let search = "find year:2003 rating:>8.1"
    try session.press("C-l")
    try session.type("\(search)\r")
    let found = try await session.waitFor("5 matches")
    let oldboy = try #require(
      Self.table(found).first { $0.contains("올드보이") }?.firstMatch(of: /[0-9]+/)?.output)
    try session.type("watch \(oldboy)\r")
    try await session.waitFor("Added row \(oldboy)")
    try session.press("C-l")
    try session.type("\(search)\r")
    let again = try await session.waitUntil("the matches again, 올드보이 marked") {
      Self.table($0).contains { $0.contains("★") && $0.contains("올드보이") }
        && $0.contains("5 matches")
    }
    try Self.check(
      Self.table(again), titles: ["올드보이", "봄 여름 가을", "Finding Nemo", "Kill Bill"],
      marked: ["올드보이"], width: width)
  }

  /// In script mode too, at 40 columns: the marked row's title under the others.
  @Test func scriptModeAtFortyColumns() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try await MoviesRun.run(
      ["--count", "5", "--order", "rating", "-c", "watch 2", "-c", "list"],
      environment: ["MOVIES_DB": folder.appendingPathComponent("movies.db").path, "COLUMNS": "40"])
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    let list = Array(lines.drop { !$0.hasPrefix("Added row 2") }.dropFirst())
    try Self.check(
      Self.table(list.joined(separator: "\n")), titles: ["The Godfather", "The Shawshank"],
      marked: ["The Shawshank"], width: 40)
  }
}
