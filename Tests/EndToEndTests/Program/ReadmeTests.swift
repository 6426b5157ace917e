import Foundation
import MoviesCore
import TestSupport
import Testing

@testable import movies

/// The README is for users and short: its set-up comes first, what it shows is what the
/// binary does, and what it names exists (DocumentationAgreementTests replays its session).
@Suite(.timeLimit(.minutes(1))) struct ReadmeTests {
  private static func text(_ path: String) throws -> String {
    try String(contentsOf: TestPaths.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func itIsShortAndItsSetUpComesFirst() throws {
    let lines = try Self.text("README.md").split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count <= 400, "the README has \(lines.count) lines")
    let top = lines.prefix(150).joined(separator: "\n")
    for needed in [
      "scripts/run", "scripts/test", "TMDB_API_KEY", "TMDB_ACCESS_TOKEN", "tmdb-api-key",
      "JELLYFIN_TOKEN", "jellyfin-token", "--jellyfin-user", "PLEX_TOKEN", "plex-token",
      "--plex-library",
    ] {
      #expect(top.contains(needed), "the README's first 150 lines name \(needed)")
    }
  }

  /// Every `--flag` it names is one the program takes, but for `scripts/install --prefix`,
  /// `scripts/test --quick`, the local server's `--port` and the `--flag=value` form.
  @Test func everyFlagItNamesExists() throws {
    let readme = try Self.text("README.md")
    let named = Set(
      readme.matches(of: /(?:^|[^\w-])(--[a-z][a-z-]*[a-z])/).map { String($0.output.1) })
    #expect(named.contains("--source") && named.contains("--json"))
    let known = Set(
      Setting.all.flatMap(\.flags) + ["--flag", "--prefix", "--quick", "--port"])
    #expect(named.subtracting(known).isEmpty, "not flags: \(named.subtracting(known).sorted())")
  }

  @Test func everyLinkedFileExists() throws {
    let readme = try Self.text("README.md")
    let links = readme.matches(of: /\]\(([^)#:]+)(#[^)]*)?\)/).map { String($0.output.1) }
    #expect(links.contains("docs/architecture.md") && links.contains("docs/testing.md"))
    #expect(links.contains("docs/sources.md"))
    for link in links {
      let path = TestPaths.packageRoot.appendingPathComponent(link).path
      #expect(FileManager.default.fileExists(atPath: path), "the README links \(link)")
    }
  }

  /// The JSON it shows is the binary's, byte for byte.
  @Test func itsJSONExampleIsTheBinarysOutput() async throws {
    let readme = try Self.text("README.md")
    let command = "$ movies --json -c 'show 99'\n"
    let start = try #require(readme.range(of: command))
    let shown = readme[start.upperBound...].prefix { $0 != "\n" }
    let run = try await MoviesRun.run(["--json", "-c", "show 99"])
    #expect(run.status == 1)
    #expect(run.stdout == shown + "\n")
  }

  @Test func everyCommandItListsIsACommand() throws {
    let readme = try Self.text("README.md")
    let section = try #require(readme.range(of: "## Commands"))
    let end = try #require(readme.range(of: "\n## ", range: section.upperBound..<readme.endIndex))
    let words = readme[section.upperBound..<end.lowerBound]
      .matches(of: /`([a-z]+)[ `]/).map { String($0.output.1) }
    let commands = words.compactMap { CommandSpec.named($0)?.name }
    #expect(Set(commands) == Set(CommandSpec.all.map(\.name)), "every command, in brief")
  }
}
