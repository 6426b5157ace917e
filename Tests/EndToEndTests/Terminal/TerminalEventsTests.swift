import Foundation
import TestSupport
import Testing

/// What a running command draws reaches the terminal from the shell: the progress bar of
/// `thumb N-M`, like the spinner, only where the terminal can erase it.
@Suite(.timeLimit(.minutes(2))) struct TerminalEventsTests {
  private func thumbFive(term: String) async throws -> String {
    let (status, output) = try await PseudoTerminal.converse(
      ["--no-preview"],
      steps: [
        "expect:/2,006> ", "send:thumb 1-5\\r", "expect:Saved 5 thumbnails", "expect:/2,006> ",
        "end:\\x04",
      ], term: term)
    #expect(status == 0, "\(output)")
    return output
  }

  @Test func theProgressBarIsDrawnAtATerminalAndNotWhenTERMIsDumb() async throws {
    let xterm = try await thumbFive(term: "xterm-256color")
    #expect(xterm.contains("] 5/5"), "the bar is drawn where it can be erased: \(xterm)")
    let dumb = try await thumbFive(term: "dumb")
    #expect(!dumb.contains("] 5/5") && !dumb.contains("[#"), "\(dumb)")
    #expect(!dumb.contains("\u{1B}[K"), "a dumb terminal gets no erase sequence")
  }
}
