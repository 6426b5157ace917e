import Foundation
import TestSupport
import Testing

/// The prompt inside a shell's job control and pipes, in tmux: Ctrl-Z stops the program as a
/// job and `fg` brings the prompt back with the typed line; with standard output piped the
/// prompt still shows on the terminal, and only what the commands print reaches the pipe.
@Suite(.serialized, .timeLimit(.minutes(2))) struct JobControlTests {
  @Test func ctrlZStopsTheJobAndFgRedrawsThePromptWithTheTypedLine() async throws {
    let session = try TmuxSession(arguments: [], inShell: true)
    defer { session.stop() }
    try await session.waitFor("$")
    try session.type(session.commandLine + "\r")
    try await session.waitFor("movies 10/")
    try session.type("show")
    try session.press("C-z")
    try await session.waitFor("Stopped")
    try session.type("fg\r")
    try await session.waitUntil("the prompt drawn again after fg") { screen in
      let lines = screen.split(separator: "\n")
      guard let fg = lines.lastIndex(where: { $0.hasPrefix("$ fg") }) else { return false }
      return lines[fg...].contains { $0.hasPrefix("movies 10/2,006> show") }
    }
    // The line is still being edited: the rest of it completes the command.
    try session.type(" 2\r")
    try await session.waitFor("Movie ID")
  }

  @Test func thePromptShowsOnTheTerminalWhenOutputIsPiped() async throws {
    let session = try TmuxSession(arguments: [], inShell: true)
    defer { session.stop() }
    let log = session.home.appendingPathComponent("out.log")
    try await session.waitFor("$")
    try session.type(session.commandLine + " | tee out.log > /dev/null\r")
    try await session.waitFor("movies 10/2,006>")
    try session.type("show 2\r")
    try await session.waitUntil("the prompt again") {
      $0.split(separator: "\n").filter { $0.hasPrefix("movies 10/2,006>") }.count == 2
    }
    try session.press("C-d")
    try await session.waitUntil("the shell's prompt again") {
      TmuxSession.lastLine(of: $0).hasPrefix("$")
    }
    let text = try String(contentsOf: log, encoding: .utf8)
    #expect(text.contains("Bronenosets Potyomkin") && text.contains("Movie ID"), "\(text)")
    #expect(!text.contains("movies 10/2,006>"), "the prompt stays off the pipe: \(text)")
  }
}
