import Foundation
import TestSupport
import Testing

/// A person at the prompt on TMDb, in tmux: Tab's list of genres keeps each name on one line,
/// Ctrl-R searches the history under a prompt that says so, a wider terminal gets larger
/// posters, and `pick` fetches the highlighted row's poster and lines its rows up.
@Suite(.timeLimit(.minutes(2))) struct TMDbPromptLayoutTests {
  /// `movies` on the server in tmux `width` columns wide, at its first prompt.
  private func started(_ server: TMDbTestServer, _ arguments: [String], width: Int)
    async throws -> TmuxSession
  {
    let session = try TmuxSession(
      arguments: server.arguments(arguments),
      environment: ["TMDB_API_KEY": TMDbTestServer.apiKey], width: width, height: 40)
    try await session.waitFor("popular 10/")
    return session
  }

  @Test func tabListsWholeGenreNamesAtFiftyColumns() async throws {
    let server = try await TMDbTestServer(limit: 100)
    let session = try await started(server, ["--no-preview"], width: 50)
    defer { session.stop() }
    try session.type("genre ")
    try session.press("Tab")
    let screen = try await session.waitFor("Western")
    let lines = screen.split(separator: "\n").map(String.init)
    for name in ["Music", "Science Fiction", "Documentary", "TV Movie", "Animation", "Western"] {
      #expect(lines.contains { $0.contains(name) }, "'\(name)' on one line:\n\(screen)")
    }
  }

  @Test func ctrlRSearchesTheHistoryUnderAReadablePrompt() async throws {
    let server = try await TMDbTestServer(limit: 100)
    let session = try await started(server, ["--no-preview"], width: 100)
    defer { session.stop() }
    try session.type("genre drama\r")
    try await session.waitFor("drama·popular 10/")
    try session.type("show 1\r")
    try await session.waitFor("#1  ")
    try session.press("C-r")
    try session.type("genr")
    let searching = try await session.waitFor("(history search) 'genr': genre drama")
    #expect(!searching.contains("bck"), "\(searching)")
    try session.press("Enter")
    // Typed once, under the first list's prompt; run again under the drama list's.
    let ran = try await session.waitUntil("the found line run") {
      $0.contains("drama·popular 10/41> genre drama")
        && TmuxSession.lastLine(of: $0).hasSuffix(">")
    }
    #expect(!ran.contains("history search"), "the prompt is back:\n\(ran)")
  }

  @Test func aWiderTerminalGetsLargerPostersForLaterPages() async throws {
    let server = try await TMDbTestServer()
    let session = try await started(server, ["--no-prefetch", "--preview", "symbols"], width: 50)
    defer { session.stop() }
    try session.resize(width: 140, height: 40)
    // Rows 11 to 20 come from TMDb's first page of 20, loaded at 50 columns; 21 from its second.
    try session.type("more 2\r")
    try await session.waitFor("popular 30/")
    try session.type("thumb 1\r")
    try await session.waitFor("Saved ")
    try session.type("thumb 21\r")
    try await session.waitUntil("two posters") { $0.components(separatedBy: "Saved ").count == 3 }
    let posters = try server.posterRequests().map(\.path)
    #expect(posters.count == 2, "\(posters)")
    #expect(posters.first?.hasPrefix("/t/p/w154/") == true, "\(posters)")
    #expect(posters.last?.hasPrefix("/t/p/w342/") == true, "\(posters)")
  }

  @Test func pickFetchesThePosterOffersEveryRowAndLinesThemUp() async throws {
    let server = try await TMDbTestServer()
    let session = try await started(server, ["--no-prefetch", "--preview", "symbols"], width: 100)
    defer { session.stop() }
    try session.type("more\r")
    try await session.waitFor("popular 20/")
    try session.type("pick\r")
    // Drawn: the banded poster's edges are a row of half blocks. fzf's spinner may still
    // turn in the pane's corner a while after (one CI run on the release build), so the
    // screen is read once the poster is there; the checks below are of the text, drawn first.
    let screen = try await session.waitUntil("the poster in the preview") { screen in
      screen.unicodeScalars.filter { (0x2580...0x259F).contains($0.value) }.count >= 20
    }
    #expect(screen.contains("20/20"), "every row shown, not the last page:\n\(screen)")
    #expect(try server.posterRequests().count >= 1, "the poster was fetched")
    let lines = screen.split(separator: "\n").map(String.init)
    // The list's titles start in one column, row 2 as row 10.
    func titleColumn(_ title: String) throws -> Int {
      let line = try #require(lines.first { $0.contains(title) && !$0.contains("#") })
      let range = try #require(line.range(of: title))
      return line.distance(from: line.startIndex, to: range.lowerBound)
    }
    #expect(try titleColumn("Shawshank") == titleColumn("Usual Suspects"), "\(screen)")
    // The preview's lines break at spaces: the title's words are whole in the pane.
    let pane = lines.compactMap { line -> String? in
      let parts = line.split(separator: "│", omittingEmptySubsequences: false)
      return parts.count >= 3 ? String(parts[parts.count - 2]) : nil
    }
    // fzf 0.38 turns a braille spinner in the pane's top corner while the preview runs,
    // beside the title's first line: it is fzf's, not the preview's text.
    let words = pane.joined(separator: " ").split(whereSeparator: \.isWhitespace).map {
      $0.filter { !("\u{2800}"..."\u{28FF}").contains($0) }
    }
    let title = "Lord of the Rings: The Fellowship of the Ring, The".split(separator: " ")
      .map(String.init)
    let start = try #require(words.firstIndex(of: "Lord"), "\(pane)")
    #expect(Array(words[start..<min(words.count, start + title.count)]) == title, "\(pane)")
    // The overview goes on under its value, not at the pane's edge.
    let overview = try #require(pane.firstIndex { $0.contains("Overview ") }, "\(pane)")
    let line = pane[overview]
    let valueAt = try #require(line.firstMatch(of: /Overview +/)).range.upperBound
    let column = line.distance(from: line.startIndex, to: valueAt)
    let next = pane[overview + 1]
    #expect(next.prefix { $0 == " " }.count == column, "\(pane)")
    try session.press("Escape")
  }
}
