import Foundation
import TestSupport
import Testing

/// A Ctrl-D typed the very moment the first prompt appears ends the program: libedit prints
/// the prompt before it sets the terminal up, and a terminal still buffering lines took the
/// Ctrl-D as an end of file, not a key (about half the runs lost it). Twenty runs, each
/// given three seconds to exit.
@Suite(.timeLimit(.minutes(3))) struct TypeAheadTests {
  @Test func aCtrlDTypedAsThePromptAppearsIsNeverLost() async throws {
    var lost = 0
    for _ in 1...20 {
      let (status, _) = try await PseudoTerminal.converse(
        [], steps: ["expect:movies 10/2,006>", "now:\\x04", "exits-within:3"])
      if status != 0 { lost += 1 }
    }
    #expect(lost == 0, "\(lost) of 20 runs lost the Ctrl-D")
  }
}
