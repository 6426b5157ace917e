import Foundation
import TestSupport
import Testing

@testable import movies

/// The man page and the completions are `movies --generate` output: the checked-in files are
/// that output byte for byte (scripts/generate rewrites them), and the man page holds every
/// flag and command `--help` lists.
@Suite(.timeLimit(.minutes(2))) struct GeneratedDocumentTests {
  @Test(arguments: GeneratedDocument.allCases)
  func theCheckedInFileIsTheBinarysOutput(document: GeneratedDocument) async throws {
    let run = try await MoviesRun.run(["--generate", document.rawValue])
    #expect(run.status == 0, "\(run.stderr)")
    let file = try Data(
      contentsOf: TestPaths.packageRoot.appendingPathComponent(document.path))
    #expect(
      run.stdoutBytes == file,
      "\(document.path) differs from 'movies --generate \(document.rawValue)': run scripts/generate"
    )
  }

  @Test func anUnknownKindIsAUsageError() async throws {
    let run = try await MoviesRun.run(["--generate", "powershell"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("--generate needs man, bash, zsh or fish."))
    #expect(run.stdout.isEmpty)
  }

  @Test func helpLeavesGenerateOut() async throws {
    let help = try await MoviesRun.run(["--help"]).stdout
    #expect(!help.contains("--generate"))
    #expect(try !ManualPage.read().terms(in: "OPTIONS").contains("--generate"))
  }

  /// Every flag `--help` lists is in each completion, whether or not that shell is on the
  /// machine to run it: bash and zsh spell it whole, fish as `-l NAME` or `-s X`.
  @Test func everyCompletionHasEveryFlagOfTheHelp() async throws {
    let flags = HelpListing(try await MoviesRun.run(["--help"]).stdout).entries(in: "Options:")
    #expect(flags.contains("--plex-library") && flags.contains("--source"))
    for document in [GeneratedDocument.bash, .zsh] {
      for flag in flags {
        #expect(document.text.contains(flag), "\(document.path) has no \(flag)")
      }
    }
    let fish = GeneratedDocument.fish.text
    for flag in flags {
      let spelled = flag.hasPrefix("--") ? "-l \(flag.dropFirst(2))" : "-s \(flag.dropFirst())"
      #expect(fish.contains(spelled), "movies.fish has no \(flag)")
    }
  }

  @Test func theManPageHasEveryFlagOfTheHelpAndNoOther() async throws {
    let help = HelpListing(try await MoviesRun.run(["--help"]).stdout)
    let flags = help.entries(in: "Options:")
    #expect(flags.isSuperset(of: ["--json", "-h", "--help", "-c", "--jellyfin-user"]))
    #expect(try ManualPage.read().terms(in: "OPTIONS") == flags)
  }

  @Test func theManPageHasEveryCommandOfTheHelpAndNoOther() async throws {
    let help = HelpListing(try await MoviesRun.run(["--help"]).stdout)
    let commands = help.entries(in: "Commands:")
    #expect(commands.isSuperset(of: ["more", "genre", "watchlist", "quit"]))
    #expect(try ManualPage.read().terms(in: "COMMANDS") == commands)
  }

  @Test func theManPageHasEveryEnvironmentVariableAndConfigKeyOfTheHelp() async throws {
    let help = try await MoviesRun.run(["--help"]).stdout
    let start = try #require(help.range(of: "Environment:"))
    let names = help[start.upperBound...].prefix { $0 != "." }
      .split(whereSeparator: { !$0.isLetter && $0 != "_" }).map(String.init)
      .filter { $0 == $0.uppercased() && $0.count > 1 }
    #expect(names.contains("MOVIES_HISTFILE"))
    #expect(Set(names).isSuperset(of: SourceDefinition.allSecrets.map(\.variable)))
    let man = try ManualPage.read()
    #expect(Set(names).subtracting(["RFX"]) == man.terms(in: "ENVIRONMENT"))
    #expect(man.terms(in: "CONFIGURATION") == Set(Setting.configKeys))
  }

  @Test func theManPageNamesEverySourceAndItsSecrets() throws {
    let man = try ManualPage.read()
    #expect(man.terms(in: "SOURCES") == Set(SourceDefinition.all.map(\.name)))
    #expect(man.terms(in: "SOURCES").isSuperset(of: ["offline", "tmdb", "jellyfin"]))
    let sources = man.plain(section: "SOURCES")
    #expect(SourceDefinition.allSecrets.count >= 3)
    for secret in SourceDefinition.allSecrets {
      #expect(sources.contains(secret.variable), "SOURCES names \(secret.variable)")
      #expect(sources.contains(secret.configKey), "SOURCES names \(secret.configKey)")
    }
  }
}

/// The entries of a section of `--help`, such as `Options:`: the flags or command names
/// that start its lines.
struct HelpListing {
  var text: String

  init(_ text: String) { self.text = text }

  func entries(in section: String) -> Set<String> {
    var entries: Set<String> = []
    var inside = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if !line.hasPrefix(" ") { inside = line.hasPrefix(section) }
      guard inside, line.hasPrefix("  "), line.dropFirst(2).first != " " else { continue }
      // `-h, --help  show this help`: the names end at the two spaces.
      let names = line.dropFirst(2).components(separatedBy: "  ")[0]
      let words = names.split(separator: " ").map { $0.trimmingCharacters(in: [","]) }
      if section == "Options:" {
        entries.formUnion(words.filter { $0.hasPrefix("-") })
      } else if let first = words.first {
        entries.insert(first)
      }
    }
    return entries
  }
}

/// The checked-in man page, read as a person would see its terms.
struct ManualPage {
  var roff: String

  static func read() throws -> ManualPage {
    ManualPage(
      roff: try String(
        contentsOf: TestPaths.packageRoot.appendingPathComponent("man/movies.1"), encoding: .utf8))
  }

  /// Roff's escapes undone: fonts dropped, `\-` a hyphen, `\e` a backslash.
  static func unescaped(_ line: some StringProtocol) -> String {
    String(line).replacingOccurrences(of: #"\\f[BIRP]"#, with: "", options: .regularExpression)
      .replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\e", with: "\\")
  }

  /// The lines of a section, between its `.SH` and the next.
  func lines(section: String) -> [Substring] {
    var inside = false
    return roff.split(separator: "\n").filter { line in
      if line.hasPrefix(".SH ") {
        inside = line == ".SH \(section)"
        return false
      }
      return inside
    }
  }

  func plain(section: String) -> String {
    lines(section: section).map(Self.unescaped).joined(separator: "\n")
  }

  /// The terms of a section's `.TP` entries: every flag in OPTIONS (`-h, --help`), else the
  /// first word (a command, a variable, a key).
  func terms(in section: String) -> Set<String> {
    let lines = lines(section: section)
    var terms: Set<String> = []
    for (index, line) in lines.enumerated() where line == ".TP" && index + 1 < lines.count {
      let words = Self.unescaped(lines[index + 1]).split(separator: " ")
        .map { $0.trimmingCharacters(in: [","]) }
      if section == "OPTIONS" {
        terms.formUnion(words.filter { $0.hasPrefix("-") })
      } else if let first = words.first {
        terms.insert(first)
      }
    }
    return terms
  }
}
