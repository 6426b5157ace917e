import Foundation
import TestSupport
import Testing

/// `--preview auto` at a terminal (a pseudo-terminal that answers only what a step types):
/// one burst of queries, a bound on the wait, and keys typed meanwhile kept for the prompt.
@Suite(.timeLimit(.minutes(1))) struct TerminalProbeTests {
  private static let deviceAttributes = "\u{1B}[c"

  /// `movies --preview auto` against a server with the banded poster, playing the steps.
  private func converse(_ steps: [String], term: String = "xterm") async throws
    -> (status: Int32, output: String)
  {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try await HoppinTestServer(
      catalogue: try await offThePool { try BandedPoster.catalogue(in: folder) })
    defer { server.stop() }
    return try await PseudoTerminal.converse(
      [
        "--api", server.apiURL.absoluteString, "--cache-dir", folder.path,
        "--download-dir", folder.appendingPathComponent("downloads").path, "--preview", "auto",
      ], steps: steps, term: term)
  }

  @Test func aTerminalThatAnswersNothingGetsSymbolsAfterOneBurst() async throws {
    let (status, output) = try await converse([
      "expect:1> ", "send:thumb 1\\r", "expect:Saved ", "expect:1> ", "end:\\x04",
    ])

    #expect(status == 0, "\(output)")
    #expect(output.components(separatedBy: Self.deviceAttributes).count == 2, "one burst")
    #expect(output.contains("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"))
    #expect(output.contains("\u{1B}[>q"))
    #expect(!output.contains("\u{1B}P0;1;0q"), "sixel sent to a terminal that has none")
    // Symbols: cells of colour (the bands meet at cell edges, so whole cells, no half blocks).
    #expect(output.contains("48;5;") || output.contains("48;2;"), "no symbols drawn")
  }

  @Test func keysTypedWhileTheTerminalIsAskedReachThePromptAndTheAnswersDoNot() async throws {
    // The keys come before the answer, the answer says sixel; then the prompt runs them.
    let (status, output) = try await converse([
      "expect:[c", "now:thumb 1\\r", "now:\\x1b[?62;4;22c", "expect:Saved ", "expect:1> ",
      "end:\\x04",
    ])

    #expect(status == 0, "\(output)")
    #expect(output.contains("\u{1B}P0;1;0q"), "the answer's sixel was not used")
    #expect(output.contains("1> thumb"), "the typed line was not shown at the prompt")
    #expect(!output.contains("62;4;22"), "the answer leaked into the line")
    #expect(!output.contains("Unknown command"))
  }

  @Test func aDumbTerminalIsAskedNothing() async throws {
    let (status, output) = try await converse(
      ["expect:1>", "send:thumb 1\\r", "expect:Saved ", "expect:1>", "end:\\x04"],
      term: "dumb")
    #expect(status == 0, "\(output)")
    #expect(!output.contains(Self.deviceAttributes) && !output.contains("\u{1B}_G"))
  }
}
