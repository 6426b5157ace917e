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

  /// A FIFO where the file should be turns history off instead of blocking the prompt.
  @Test func aFIFOIsNeitherReadNorWritten() async throws {
    try await TemporaryFolder.with { folder in
      let path = folder.appendingPathComponent("history")
      try #require(mkfifo(path.path, 0o600) == 0)
      let file = HistoryFile(url: path)
      #expect(file.entries() == [])
      file.append("more")
      #expect(file.entries() == [])
    }
  }

  @Test func aSymlinkedFileIsCutBackInPlace() async throws {
    try await TemporaryFolder.with { folder in
      let target = folder.appendingPathComponent("dotfiles/movies-history")
      try FileManager.default.createDirectory(
        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      let lines = (1..<(2 * HistoryFile.limit)).map { "show \($0)" }
      try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: target)
      let link = folder.appendingPathComponent("history")
      try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)

      let file = HistoryFile(url: link)
      file.append("more")

      #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
      let stored = try String(contentsOf: target, encoding: .utf8).split(separator: "\n")
      #expect(stored.count == HistoryFile.limit)
      #expect(stored.last == "more")
      #expect(file.entries() == Array(lines.suffix(HistoryFile.limit - 1)) + ["more"])
    }
  }

  /// A huge file (here one 30 MB line) is read only at its end and cut back at the first
  /// append, so it costs nothing on later commands.
  @Test func aHugeFileIsCutBackAtTheFirstAppend() async throws {
    try await TemporaryFolder.with { folder in
      let path = folder.appendingPathComponent("history")
      let huge = String(repeating: "x", count: 30_000_000) + "\nshow 1\nshow 2\n"
      try Data(huge.utf8).write(to: path)
      let file = HistoryFile(url: path)
      #expect(file.entries() == ["show 1", "show 2"])

      file.append("more")

      let size = try FileManager.default.attributesOfItem(atPath: path.path)[.size] as? Int
      #expect(size == "show 1\nshow 2\nmore\n".utf8.count)
      #expect(file.entries() == ["show 1", "show 2", "more"])
    }
  }
}
