import Foundation
import TestSupport
import Testing

/// `--help`, the man page, the shell completions and the installer agree with each other.
@Suite(.timeLimit(.minutes(1))) struct DocumentationTests {
  private static let root = TestPaths.packageRoot

  private func text(_ path: String) throws -> String {
    try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The flags that start the lines of a section of `--help`, such as `Options:`.
  private func helpEntries(_ help: String, section: String) -> Set<String> {
    var entries: Set<String> = []
    var inside = false
    for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
      if !line.hasPrefix(" ") { inside = line.hasPrefix(section) }
      guard inside, line.hasPrefix("  "), line.dropFirst(2).first != " " else { continue }
      let first = line.dropFirst(2).split(separator: " ").first.map(String.init) ?? ""
      entries.formUnion(first.split(separator: ",").map(String.init).filter { !$0.isEmpty })
      // `-h, --help`
      if first.hasSuffix(",") {
        entries.insert(String(line.dropFirst(2).split(separator: " ")[1]))
      }
    }
    return entries
  }

  /// The first word of each `.TP` entry in a section of the man page, unescaped.
  private func manEntries(_ man: String, section: String) -> Set<String> {
    var entries: Set<String> = []
    var inside = false
    var afterTP = false
    for line in man.split(separator: "\n") {
      if line.hasPrefix(".SH ") { inside = line == ".SH \(section)" }
      guard inside else { continue }
      if line == ".TP" {
        afterTP = true
        continue
      }
      guard afterTP else { continue }
      afterTP = false
      let words = line.replacingOccurrences(of: "\\-", with: "-")
        .replacingOccurrences(of: "\"", with: "").split(separator: " ").dropFirst()
      // `.BR -h ", " --help` names two.
      for word in words where word.hasPrefix("-") || section != "OPTIONS" {
        entries.insert(String(word))
        if section != "OPTIONS" { break }
      }
    }
    return entries
  }

  @Test func everyFlagInTheHelpIsInTheManPageAndBack() async throws {
    let help = try await MoviesRun.run(["--help"]).stdout
    let flags = helpEntries(help, section: "Options:")
    #expect(flags.contains("--json"))
    #expect(flags.contains("-h"))
    #expect(manEntries(try text("man/movies.1"), section: "OPTIONS") == flags)
  }

  @Test func everyCommandInTheHelpIsInTheManPageAndBack() async throws {
    let help = try await MoviesRun.run(["--help"]).stdout
    let commands = helpEntries(help, section: "Commands:")
    #expect(commands.contains("genre"))
    #expect(manEntries(try text("man/movies.1"), section: "COMMANDS") == commands)
  }

  @Test func everyEnvironmentVariableInTheHelpIsInTheManPage() async throws {
    let help = try await MoviesRun.run(["--help"]).stdout
    let start = try #require(help.range(of: "Environment:"))
    let names = help[start.upperBound...].prefix { $0 != "." }
      .split(whereSeparator: { !$0.isLetter && $0 != "_" }).map(String.init)
      .filter { $0 == $0.uppercased() && $0.count > 1 }
    #expect(names.contains("MOVIES_HISTFILE"))
    #expect(
      Set(names).subtracting(["R"]) == manEntries(try text("man/movies.1"), section: "ENVIRONMENT"))
  }

  @Test func theBashAndZshCompletionsOfferEveryFlag() async throws {
    let help = try await MoviesRun.run(["--help"]).stdout
    let flags = helpEntries(help, section: "Options:")

    let bash = Process()
    bash.executableURL = URL(fileURLWithPath: "/bin/bash")
    bash.arguments = [
      "-c",
      "source completions/movies.bash; COMP_WORDS=(movies -); COMP_CWORD=1; _movies; "
        + "printf '%s\\n' \"${COMPREPLY[@]}\"; "
        + "COMP_WORDS=(movies --color ''); COMP_CWORD=2; _movies; printf '%s\\n' \"${COMPREPLY[@]}\"",
    ]
    bash.currentDirectoryURL = Self.root
    let output = Pipe()
    bash.standardOutput = output
    try bash.run()
    let offered = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    bash.waitUntilExit()
    let words = offered.split(separator: "\n").map(String.init)
    #expect(Set(words.filter { $0.hasPrefix("-") }) == flags)
    #expect(words.filter { !$0.hasPrefix("-") } == ["auto", "always", "never"])

    let zsh = try text("completions/_movies")
    for flag in flags where flag != "-h" && flag != "--help" {
      #expect(zsh.contains("\(flag)["), "zsh completes \(flag)")
    }
    #expect(zsh.contains("{-h,--help}"))
  }

  @Test func theInstallerPutsEverythingUnderThePrefix() async throws {
    let prefix = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: prefix) }
    let install = Process()
    install.executableURL = Self.root.appendingPathComponent("scripts/install")
    install.arguments = ["--prefix", prefix.path]
    var environment = ProcessInfo.processInfo.environment
    environment["MOVIES_BIN"] = TestPaths.moviesExecutable.path
    install.environment = environment
    install.standardOutput = FileHandle.nullDevice
    try install.run()
    install.waitUntilExit()

    #expect(install.terminationStatus == 0)
    for path in [
      "bin/movies", "share/movies/sample-data/catalogue.json", "share/man/man1/movies.1",
      "share/bash-completion/completions/movies", "share/zsh/site-functions/_movies",
    ] {
      #expect(
        FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), "\(path)")
    }
    // The installed program finds the catalogue installed beside it.
    let run = try await MoviesRun.run(
      ["-c", "show 1"], executable: prefix.appendingPathComponent("bin/movies"))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("#1  "))
  }
}
