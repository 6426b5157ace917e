import Foundation
import TestSupport
import Testing

/// Hints and messages at the prompt, in tmux (issue 11): the hint leaks no attribute,
/// Ctrl-C leaves no blank line, the pager keeps the table and falls back, the prompt names the
/// query, and posters that are not drawn say why.
@Suite(.serialized, .timeLimit(.minutes(2))) struct PromptHintsAndMessagesTests {
  @Test func theArgumentHintLeavesWhatFollowsUndimmed() async throws {
    let session = try TmuxSession(arguments: [])
    defer { session.stop() }
    try await session.waitFor("movies 10/")
    try session.type("show ")
    try await session.waitFor("N (a row number)")
    try session.type("3")
    try await session.waitUntil("the typed 3") { TmuxSession.lastLine(of: $0).contains("show 3") }
    let typed = try session.screenWithAttributes().split(separator: "\n")
      .last { $0.contains("show ") }
    let line = try #require(typed)
    #expect(!line.contains("\u{1B}[2m"), "nothing on the prompt line is dim: \(line)")
    try session.press("Enter")
    try await session.waitFor("Movie ID")
    let header = try session.screenWithAttributes().split(separator: "\n")
      .first { $0.contains("#3  ") }
    let shown = try #require(header)
    // The header is bold, and only bold: no dim attribute before its text.
    let prefix = shown[..<(shown.range(of: "#3")?.lowerBound ?? shown.endIndex)]
    #expect(!prefix.contains("2m") && !prefix.contains(";2"), "\(shown)")
  }

  @Test func ctrlCDuringASpinnerLeavesNoBlankLine() async throws {
    let server = try await HoppinTestServer(extraArguments: ["--fault", "hang"])
    defer { server.stop() }
    let session = try TmuxSession(arguments: ["--api", server.apiURL.absoluteString])
    defer { session.stop() }
    try await session.waitFor("Loading page 1")
    try session.press("C-c")
    let screen = try await session.waitFor("Cancelled; nothing was changed.")
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let error = try #require(lines.firstIndex { $0.contains("Cancelled; nothing") })
    #expect(error > 0 && lines[error - 1].hasPrefix("movies 0.1.0"), "\(lines.prefix(4))")
  }

  /// A fake `less` that records its arguments and its input.
  private func fakeLess(in folder: URL) throws -> URL {
    let script = folder.appendingPathComponent("less")
    let record = folder.appendingPathComponent("less-ran")
    try TestPaths.writeScript(
      "#!/bin/sh\nprintf '%s\\n' \"$*\" > '\(record.path)'\ncat >> '\(record.path)'\n", to: script)
    return record
  }

  @Test func theDefaultPagerKeepsTheTableOnScreenAndPagesALongFirstPage() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let record = try fakeLess(in: folder)
    let session = try TmuxSession(
      arguments: ["--count", "40"],
      environment: [
        "PATH": folder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
      ],
      height: 20)
    defer { session.stop() }
    try await session.waitFor("movies 40/")
    let text = try String(contentsOf: record, encoding: .utf8)
    #expect(text.hasPrefix("-RFX\n"), "\(text.prefix(40))")
    #expect(text.contains("Showing 40 of"), "the first page went through the pager")
  }

  @Test func aPagerThatCannotStartFallsBackToPrinting() async throws {
    let session = try TmuxSession(
      arguments: ["--count", "60"], environment: ["PAGER": "no-such-pager-\(UUID().uuidString)"],
      height: 20)
    defer { session.stop() }
    try await session.waitFor("movies 60/")
    try session.type("show 1\r")
    try await session.waitFor("Running time")
    // `list` output taller than the screen goes to the pager, which cannot start.
    try session.type("list\r")
    let screen = try await session.waitUntil("the list printed") {
      $0.contains("Showing 60 of") && !$0.contains("Running time")
    }
    #expect(
      screen.split(separator: "\n").contains { $0.hasPrefix("60  ") },
      "the rows were printed: \(screen)")
  }

  @Test func thePromptNamesTheGenreAndOrder() async throws {
    let session = try TmuxSession(arguments: [])
    defer { session.stop() }
    try await session.waitFor("movies 10/")
    try session.type("genre drama\r")
    try await session.waitUntil("the genre in the prompt") {
      TmuxSession.lastLine(of: $0).hasPrefix("movies drama 10/")
    }
    try session.type("order rating\r")
    try await session.waitUntil("the order in the prompt") {
      TmuxSession.lastLine(of: $0).hasPrefix("movies drama·rating 10/")
    }
    try session.type("genre all\r")
    try await session.waitUntil("the genre gone") {
      TmuxSession.lastLine(of: $0).hasPrefix("movies rating 10/")
    }
  }

  @Test func postersThatAreNotDrawnSayWhy() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let noColor = try TmuxSession(
      arguments: ["--download-dir", folder.path], environment: ["NO_COLOR": "1"])
    defer { noColor.stop() }
    try await noColor.waitFor("movies 10/")
    try noColor.type("thumb 1\r")
    try await noColor.waitFor("No poster drawn: NO_COLOR is set")

    let kitty = try TmuxSession(
      arguments: ["--preview", "kitty", "--download-dir", folder.path],
      environment: ["TMUX": "/tmp/fake,1,0"])
    defer { kitty.stop() }
    try await kitty.waitFor("kitty images do not get through tmux")
  }

  @Test func helpOnACommandAndATypoSuggestion() async throws {
    let session = try TmuxSession(arguments: [])
    defer { session.stop() }
    try await session.waitFor("movies 10/")
    try session.type("shwo 3\r")
    try await session.waitFor("did you mean 'show'?")
    try session.type("help thumb\r")
    try await session.waitFor("thumb N, thumb N-M, thumb all")
    try session.type("\\q\r")
    try await session.waitForExit()
  }

  @Test func messagesWrapAtSpacesOnANarrowTerminal() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let session = try TmuxSession(
      arguments: ["--download-dir", folder.path, "--no-preview"], width: 40, height: 40)
    defer { session.stop() }
    try await session.waitFor("/2,006>")
    try session.type("thumb 1\r")
    try await session.waitFor("ms)")
    try session.type("show 99\r")
    let screen = try await session.waitFor("next page).")
    let lines = screen.split(separator: "\n").map(String.init)
    // A sentence broken at spaces reads back whole when its lines are joined with a space.
    func sentence(from start: String, to end: String) -> String? {
      guard let first = lines.firstIndex(where: { $0.hasPrefix(start) }),
        let last = lines[first...].firstIndex(where: { $0.hasSuffix(end) })
      else { return nil }
      return lines[first...last].joined(separator: " ")
    }
    #expect(
      sentence(from: "error: There", to: "page).")
        == "error: There is no row 99; rows 1 to 10 are loaded ('more' loads the next page).",
      "\(screen)")
    #expect(
      sentence(from: "Showing 10", to: "help")
        == "Showing 10 of 2,006 · more · show N · thumb N · help",
      "\(screen)")
    for line in lines { #expect(line.count <= 40) }
  }
}
