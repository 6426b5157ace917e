import Foundation
import Testing

@testable import MoviesCore

@Suite(.timeLimit(.minutes(1))) struct HistoryFileTests {
  @Test func theLocationFollowsTheEnvironment() {
    #expect(
      HistoryFile.location(environment: ["MOVIES_HISTFILE": "/x/h", "XDG_STATE_HOME": "/s"])?.path
        == "/x/h")
    #expect(HistoryFile.location(environment: ["MOVIES_HISTFILE": "/dev/null"]) == nil)
    #expect(
      HistoryFile.location(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])?.path
        == "/s/movies/history")
    #expect(
      HistoryFile.location(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"])?.path
        == "/h/.local/state/movies/history")
    #expect(HistoryFile.location(environment: [:]) == nil)
  }

  @Test func linesAreKeptInOrderWithoutConsecutiveDuplicatesOrBlanks() async throws {
    try await TemporaryFolder.with { folder in
      let file = HistoryFile(url: folder.appendingPathComponent("state/movies/history"))
      for line in ["more", "more ", "show 3", "  ", "more", "find 기생충"] { file.append(line) }

      #expect(file.entries() == ["more", "show 3", "more", "find 기생충"])
      // A second run reads what the first wrote.
      #expect(HistoryFile(url: file.url).entries() == file.entries())
    }
  }

  @Test func onlyTheNewestEntriesAreKept() async throws {
    try await TemporaryFolder.with { folder in
      let file = HistoryFile(url: folder.appendingPathComponent("history"))
      let lines = (1...(2 * HistoryFile.limit + 5)).map { "show \($0)" }
      for line in lines { file.append(line) }

      #expect(file.entries() == Array(lines.suffix(HistoryFile.limit)))
      let stored = try String(contentsOf: file.url, encoding: .utf8).split(separator: "\n")
      #expect(stored.count < 2 * HistoryFile.limit, "the file is cut back, not grown forever")
    }
  }
}
