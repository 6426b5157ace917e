import Foundation
import MoviesCore
import TestSupport
import Testing

@testable import movies

/// The generated completions, run in the shells themselves: bash's function with
/// `COMP_WORDS`, fish's `complete -C`, and zsh at a prompt in tmux. Each offers every flag
/// `--help` lists, and each flag's values. fish and zsh are tested where installed.
@Suite(.serialized, .timeLimit(.minutes(2))) struct ShellCompletionTests {
  private static let root = TestPaths.packageRoot

  private static func helpFlags() async throws -> Set<String> {
    HelpListing(try await MoviesRun.run(["--help"]).stdout).entries(in: "Options:")
  }

  private static func installed(_ program: String) -> Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/\(program)")
  }

  /// What a shell prints for a script run in the repository's folder, one line each.
  private static func output(of shell: String, _ script: String) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: shell)
    process.arguments = ["-c", script]
    process.currentDirectoryURL = root
    process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text.split(separator: "\n").map(String.init)
  }

  /// What bash's `_movies` offers after the words.
  private static func bash(_ words: [String]) throws -> [String] {
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    return try output(
      of: "/bin/bash",
      "source completions/movies.bash; COMP_WORDS=(movies \(quoted)); "
        + "COMP_CWORD=\(words.count); _movies; printf '%s\\n' \"${COMPREPLY[@]}\"")
  }

  /// What fish offers for the line, without the descriptions.
  private static func fish(_ line: String) throws -> [String] {
    try output(of: "/usr/bin/fish", "source completions/movies.fish; complete -C '\(line)'")
      .map { String($0.prefix { $0 != "\t" }) }
  }

  @Test func bashOffersEveryFlagAndEachFlagsValues() async throws {
    #expect(Set(try Self.bash(["-"])) == (try await Self.helpFlags()))
    #expect(try Self.bash(["--ord"]) == ["--order"])
    for setting in Generated.flags {
      guard case .choices(let choices) = setting.completes, let flag = setting.flags.first
      else { continue }
      #expect(try Self.bash([flag, ""]) == choices, "bash completes \(flag)'s values")
    }
    #expect(try Self.bash(["--source", "j"]) == ["jellyfin"])
    #expect(try Self.bash(["--count", ""]).isEmpty, "a number is not completed")
  }

  @Test func bashCompletesEveryCommandAfterDashC() throws {
    #expect(try Self.bash(["-c", ""]) == CommandSpec.all.flatMap(\.spokenNames))
    #expect(try Self.bash(["-c", "wa"]) == ["watch", "watchlist"])
  }

  @Test(.enabled(if: installed("fish")))
  func fishOffersEveryFlagAndEachFlagsValues() async throws {
    #expect(Set(try Self.fish("movies -")) == (try await Self.helpFlags()))
    #expect(Set(try Self.fish("movies --source ")) == Set(SourceDefinition.all.map(\.name)))
    #expect(try Self.fish("movies --order rat").starts(with: ["rating"]))
    #expect(try Self.fish("movies -c wa") == ["watch", "watchlist"])
  }

  @Test(.enabled(if: installed("zsh")))
  func zshOffersEveryFlagAndEachFlagsValues() async throws {
    #expect(try Self.output(of: "/usr/bin/zsh", "zsh -n completions/_movies && echo ok") == ["ok"])
    let session = try TmuxSession(arguments: [], width: 200, height: 60, inShell: true)
    defer { session.stop() }
    try await session.waitUntil("bash's prompt") { TmuxSession.lastLine(of: $0) == "$" }
    // A bare zsh that finds `_movies` in the repository, and a `movies` to complete.
    try session.type(
      "exec env PS1='%% ' zsh -f\r")
    try await session.waitUntil("zsh's prompt") { TmuxSession.lastLine(of: $0) == "%" }
    try session.type(
      "fpath=(\(Self.root.path)/completions $fpath); autoload -Uz compinit; compinit -u; "
        + "movies() { }; clear\r")
    try await session.waitUntil("a clear screen") {
      $0.trimmingCharacters(in: .whitespacesAndNewlines) == "%"
    }
    try session.type("movies --ord\t")
    // tmux trims the space Tab put after the flag.
    try await session.waitUntil("--order completed") {
      TmuxSession.lastLine(of: $0) == "% movies --order"
    }
    try session.type("\t")
    let orders = try await session.waitFor("releasedatedesc")
    #expect(orders.contains("titleasc") && orders.contains("newest"))
    try session.press("C-c")
    try session.type("clear\r")
    try session.type("movies -\t")
    let flags = try await session.waitFor("--stop-on-error")
    for flag in try await Self.helpFlags() {
      #expect(flags.contains(flag), "zsh offers \(flag)")
    }
  }
}
