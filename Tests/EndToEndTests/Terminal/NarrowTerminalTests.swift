import Foundation
import MoviesCore
import TestSupport
import Testing

/// At 40, 80 and 250 columns, in tmux: `show 1`, `find godfather`, `watchlist` and `show w1`
/// print no line wider than the terminal and split no word; at 40 the table keeps the titles
/// whole by dropping Released and Genres first.
@Suite(.serialized, .timeLimit(.minutes(2))) struct NarrowTerminalTests {
  @Test(arguments: [40, 80, 250])
  func nothingIsWiderThanTheTerminalAndNoWordIsSplit(width: Int) async throws {
    let session = try TmuxSession(
      arguments: ["--no-preview"], environment: ["MOVIES_DB": "watchlist.sqlite3"],
      width: width, height: 60)
    defer { session.stop() }
    try await session.waitFor("/2,006>")
    for command in ["watch 2", "show 1", "find godfather", "watchlist", "show w1"] {
      try session.type(command + "\r")
    }
    try await session.waitFor("On the watchlist, from")
    try await session.waitUntil("the last prompt") {
      TmuxSession.lastLine(of: $0).hasPrefix("movies ")
        && TmuxSession.lastLine(of: $0).hasSuffix(">")
    }
    let screen = try session.unfoldedScreen()
    let lines = screen.split(separator: "\n")
    for line in lines {
      #expect(DisplayWidth.columns(of: line) <= width, "wider than \(width): \(line)")
    }
    let words = Set(screen.split(whereSeparator: \.isWhitespace))
    for word in [
      "Nosferatu,", "Symphonie", "Grauens", "8,404", "ratings", "Bronenosets", "Potyomkin",
      "watchlist.", "watchlist", "catalogue", "Godfather:", "III", "(not", "cached;",
    ] {
      #expect(words.contains(Substring(word)), "'\(word)' whole at \(width) columns:\n\(screen)")
    }
  }
}
