import Foundation
import TestSupport
import Testing

/// The installer puts everything under its prefix (the man page and the completions are
/// held to the tables by GeneratedDocumentTests and ShellCompletionTests).
@Suite(.timeLimit(.minutes(1))) struct DocumentationTests {
  private static let root = TestPaths.packageRoot

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
      "share/fish/vendor_completions.d/movies.fish",
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

/// Issue 11's additions: order names, the config file and the pager agree everywhere, and
/// the README's session is what a new user sees.
@Suite(.serialized, .timeLimit(.minutes(2))) struct DocumentationAgreementTests {
  private func text(_ path: String) throws -> String {
    try String(contentsOf: TestPaths.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func everyOrderNameIsInTheHelpManPageReadmeAndCompletions() async throws {
    let help = try await MoviesRun.run(["--help"]).stdout
    let man = try text("man/movies.1").replacingOccurrences(of: "\\fB", with: "")
      .replacingOccurrences(of: "\\fR", with: "")
    let readme = try text("README.md")
    let bash = try text("completions/movies.bash")
    let zsh = try text("completions/_movies")
    for name in ["newest", "oldest", "rating", "title"] + [
      "releasedateasc", "releasedatedesc", "ratingdesc", "ratingasc", "titleasc",
    ] {
      #expect(help.contains(name), "--help names \(name)")
      #expect(man.contains(name), "the man page names \(name)")
      #expect(readme.contains("`\(name)`"), "the README names \(name)")
      #expect(bash.contains(" \(name)") || bash.contains("\"\(name)"), "bash offers \(name)")
      #expect(zsh.contains(name), "zsh offers \(name)")
      // And the program takes it.
      let run = try await MoviesRun.run(["--order", name, "-c", "list"])
      #expect(run.status == 0, "--order \(name): \(run.stderr)")
    }
  }

  @Test func theConfigKeysAndPagerDefaultAgree() async throws {
    let help = try await MoviesRun.run(["--help"]).stdout
    let man = try text("man/movies.1")
    let readme = try text("README.md")
    for key in ["api", "count", "order", "genre", "pager", "preview"] {
      #expect(help.contains(key), "--help names the config key \(key)")
      #expect(man.contains("\\fB\(key)\\fR"), "the man page names \(key)")
      #expect(readme.contains("`\(key)`"), "the README names \(key)")
    }
    #expect(help.contains("less -RFX"))
    #expect(man.contains("less \\-RFX"))
    #expect(readme.contains("`less -RFX`"))
    for text in [help, readme] {
      #expect(!text.contains("less -R)") && !text.contains("`less -R`"))
    }
  }

  /// The README's "A session" block, typed into a fresh HOME at 100 columns, gives exactly
  /// the screen it shows, timings aside.
  @Test func theReadmeSessionIsWhatANewUserSees() async throws {
    let readme = try text("README.md")
    let section = try #require(readme.range(of: "## A session"))
    let open = try #require(
      readme.range(of: "```text\n", range: section.upperBound..<readme.endIndex))
    let close = try #require(readme.range(of: "\n```", range: open.upperBound..<readme.endIndex))
    var lines = readme[open.upperBound..<close.lowerBound].split(
      separator: "\n", omittingEmptySubsequences: false
    ).map(String.init)
    let command = lines.removeFirst()
    #expect(command.hasPrefix("$ movies"))
    let arguments = command.split(separator: " ").dropFirst(2).map(String.init)
    func isPrompt(_ line: String) -> Bool { line.hasPrefix("movies ") && line.contains(">") }
    let typed = lines.filter(isPrompt).compactMap { line in
      line.range(of: "> ").map { String(line[$0.upperBound...]) }
    }
    #expect(typed.count >= 5)

    let session = try TmuxSession(
      arguments: arguments, environment: ["COLORTERM": ""], width: 100, height: 90)
    defer { session.stop() }
    func promptCount(_ screen: String) -> Int {
      screen.split(separator: "\n").filter { isPrompt(String($0)) }.count
    }
    func atBarePrompt(_ screen: String) -> Bool {
      let last = TmuxSession.lastLine(of: screen)
      return isPrompt(last) && last.hasSuffix(">")
    }
    try await session.waitUntil("the first prompt") { atBarePrompt($0) }
    for (index, line) in typed.enumerated() {
      try session.type(line + "\r")
      try await session.waitUntil("the prompt after '\(line)'") {
        promptCount($0) == index + 2 && atBarePrompt($0)
      }
    }
    var screen = try session.screen().split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    while screen.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { screen.removeLast() }
    screen.removeLast()  // the prompt waiting for the next command
    #expect(Self.masked(screen) == Self.masked(lines))
  }

  /// Durations vary from run to run.
  private static func masked(_ lines: [String]) -> [String] {
    lines.map {
      $0.replacingOccurrences(
        of: #"[0-9]+(\.[0-9]+)? ?(ms|µs|s)\b"#, with: "TIME", options: .regularExpression)
    }
  }

  @Test func scriptsRunKeepsTheWorkingDirectoryAndSaysItIsBuilding() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A stand-in `swift`: its bin folder starts empty, and "building" links the real binary
    // there, so the script's first-run path is taken without building anything.
    let bin = folder.appendingPathComponent("bin")
    let tools = folder.appendingPathComponent("tools")
    try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
    let swift = """
      #!/bin/sh
      case "$*" in
        *--show-bin-path*) echo '\(bin.path)' ;;
        *) echo "[1/1] Compiling movies" ; mkdir -p '\(bin.path)' ;
           ln -sf '\(TestPaths.moviesExecutable.path)' '\(bin.path)/movies' ;;
      esac

      """
    try TestPaths.writeScript(swift, to: tools.appendingPathComponent("swift"))
    let work = folder.appendingPathComponent("work")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)

    let process = Process()
    process.executableURL = TestPaths.packageRoot.appendingPathComponent("scripts/run")
    process.arguments = [
      "--cache-dir", folder.appendingPathComponent("cache").path, "-c", "thumb 1",
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = tools.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    environment["XDG_CONFIG_HOME"] = folder.path
    environment["MOVIES_DB"] = "/dev/null"
    process.environment = environment
    process.currentDirectoryURL = work
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()

    #expect(process.terminationStatus == 0, "\(said)")
    #expect(said.contains("Building movies (the first run takes a minute)…"))
    #expect(said.contains("[1/1] Compiling movies"), "the build's progress is shown")
    let saved = try FileManager.default.contentsOfDirectory(
      atPath: work.appendingPathComponent("thumbnails").path)
    #expect(saved.count == 1, "thumb saved where the script was started")
  }
}
