import Foundation
import MoviesCore
import TestSupport
import Testing

@testable import movies

/// Each command, flag and config key is declared once (`CommandSpec.all`, `Setting.all`);
/// `--help` and the config reader agree with the declarations, so neither can leave one out
/// (the man page and completions are generated from them: GeneratedDocumentTests).
@Suite(.timeLimit(.minutes(2))) struct DeclarationTests {
  private static var visibleFlags: [Setting] {
    Setting.all.filter { !$0.flags.isEmpty && !$0.hidden }
  }

  @Test func theConfigReaderTakesEveryDeclaredKeyAndOnlyThose() async throws {
    let home = try ConfigHome("")
    defer { home.remove() }
    let values = [
      "api": "http://127.0.0.1:9/hoppin/movies", "count": "3", "order": "rating",
      "genre": "Drama", "preview": "off", "pager": "cat", "download-dir": "shots",
      "cache-dir": "/tmp/movies-cache", "retries": "4", "timeout": "30", "color": "never",
      "prefetch": "off", "kind": "films", "source": "tmdb", "language": "fr-FR", "region": "de",
      "jellyfin-user": "alice", "jellyfin-token": "a-token", "plex-library": "Movies",
      "plex-token": "p-token", "audio-language": "ja", "subtitle-language": "en",
      "tmdb-api-key": "k3y", "tmdb-access-token": "t0ken",
    ]
    // Every declared key is taken on its own line.
    let others = [
      "source": "offline", "language": "fr-FR", "region": "DE", "tmdb-api-key": "k3y",
      "tmdb-access-token": "t0ken",
    ]
    let samples = values.merging(others) { first, _ in first }
    #expect(Set(samples.keys) == Set(Setting.configKeys), "a value for each key")
    for (key, value) in samples {
      try home.write("\(key) = \(value)\n")
      let one = try ConfigFile.load(environment: home.environment)
      #expect(throws: Never.self, "\(key)") {
        try Options.parse([], environment: [:], config: one)
      }
    }
    try home.write(values.map { "\($0.key) = \($0.value)" }.joined(separator: "\n"))
    let config = try #require(try ConfigFile.load(environment: home.environment))
    guard case .browse(let options) = try Options.parse([], environment: [:], config: config)
    else {
      Issue.record("the config file did not give options to browse with")
      return
    }
    #expect(options.query.pageSize == 3 && options.query.order == "ratingdesc")
    #expect(options.query.genreID == "Drama" && options.noPreview && options.pager == "cat")
    #expect(options.api?.absoluteString == values["api"])
    #expect(options.downloadFolder == "shots" && options.cacheFolder == "/tmp/movies-cache")
    #expect(options.retries == 4 && options.timeout == 30 && options.color == .never)
    #expect(options.noPrefetch)
    #expect(options.source == "tmdb")
    #expect(options.sourceValues["language"] == "fr-FR" && options.sourceValues["region"] == "DE")
    #expect(options.sourceValues["jellyfin-user"] == "alice")
    #expect(options.configSecrets["jellyfin-token"] == "a-token")
    // Every secret line is kept; the source picks the one it looks for first.
    #expect(options.configSecrets["tmdb-api-key"] != nil)
    #expect(options.configSecrets["tmdb-access-token"] != nil)

    try home.write("colour = never\n")
    #expect(throws: Options.UsageError.self) {
      try ConfigFile.load(environment: home.environment)
    }
    let help = try await MoviesRun.run(["--help"]).stdout.split(whereSeparator: \.isWhitespace)
      .joined(separator: " ")
    #expect(help.contains("The settings: " + Setting.configKeys.joined(separator: ", ")))
  }

  /// A source is its folder and one line in the list: outside Plex's folder, only its
  /// declaration and that line name it (the redaction, the children's environment, --help,
  /// the completions and the man page all read the declaration).
  @Test func plexIsNamedOutsideItsFolderOnlyByItsDeclarationAndItsLine() throws {
    let sources = TestPaths.packageRoot.appendingPathComponent("Sources")
    let folder = "MovieSources/Plex/"
    let word = try Regex("(?i)\\bplex")
    var naming: [String] = []
    let files = FileManager.default.enumerator(atPath: sources.path)
    while let path = files?.nextObject() as? String {
      guard path.hasSuffix(".swift"), !path.hasPrefix(folder) else { continue }
      let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
      if text.contains(word) { naming.append(path) }
    }
    #expect(
      naming.sorted() == [
        "movies/Sources/PlexSource.swift", "movies/Sources/SourceDefinition+All.swift",
      ])
  }

  @Test func helpListsEveryDeclaredFlagAndCommand() async throws {
    let help = try await MoviesRun.run(["--help"]).stdout
    for setting in Self.visibleFlags {
      #expect(help.contains("\n  \(setting.synopsis)  "), "--help lists \(setting.synopsis)")
    }
    for spec in CommandSpec.all {
      #expect(help.contains("\n  \(spec.synopsis)  "), "--help lists \(spec.name)")
    }
    #expect(!help.contains("--pick-preview"))
    let lines = help.split(separator: "\n")
    #expect(lines.allSatisfy { DisplayWidth.columns(of: $0) <= 80 }, "--help fits 80 columns")
  }
}

/// `help` at the prompt and in scripts: `help skip` explains skip, and the list keeps its
/// column and fits the terminal at every width.
@Suite(.serialized, .timeLimit(.minutes(2))) struct HelpLayoutTests {
  @Test func helpSkipAtThePromptExplainsSkip() async throws {
    let session = try TmuxSession(arguments: [])
    defer { session.stop() }
    try await session.waitFor("movies 10/")
    try session.type("help skip\r")
    let screen = try await session.waitFor("Example: 'skip'")
    #expect(screen.contains("move past a page that could not be read"))
    #expect(!screen.contains("Unknown command"))
  }

  @Test(arguments: [40, 80])
  func helpAtThePromptKeepsItsColumnAndFits(width: Int) async throws {
    let session = try TmuxSession(arguments: [], width: width, height: 160)
    defer { session.stop() }
    try await session.waitFor("more")
    try session.type("help\r")
    let screen = try await session.waitFor("Ctrl-D)")
    let lines = screen.split(separator: "\n").map(String.init)
    let banner = try #require(lines.first)
    #expect(width < 80 || banner.hasSuffix("Ctrl-D leaves."), "the banner fits: \(banner)")
    let start = try #require(lines.firstIndex { $0.hasPrefix("  more [N]") })
    let help = lines[start...].prefix { !$0.hasPrefix("movies") }
    let column = try #require(help.first.map { $0.dropFirst(10).prefix { $0 == " " }.count + 10 })
    for line in help {
      #expect(line.count <= width, "'\(line)'")
      // A name at two spaces and its description at the column, or a description's next line.
      let indent = line.prefix { $0 == " " }.count
      #expect(indent == 2 || indent == column, "'\(line)' is out of the column \(column)")
      if indent == 2 { #expect(line.count > column && line.dropFirst(column - 1).first == " ") }
    }
  }

  @Test func helpInAScriptWrapsToColumns() async throws {
    let run = try await MoviesRun.run(["-c", "help"], environment: ["COLUMNS": "60"])
    #expect(run.status == 0)
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count > CommandSpec.all.count, "long descriptions wrap")
    #expect(lines.allSatisfy { $0.count <= 60 }, "\(run.stdout)")
  }

  @Test func aBadOrderFlagIsAUsageErrorLikeABadGenre() async throws {
    let order = try await MoviesRun.run(["--order", "foo", "-c", "list"])
    #expect(order.status == 2, "\(order.stderr)")
    #expect(order.stderr.contains("'foo' is not an order"))
    let genre = try await MoviesRun.run(["--genre", "horror", "-c", "list"])
    #expect(genre.status == 2)
    let prefix = try await MoviesRun.run(["--order", "rat", "--genre", "dram", "-c", "list"])
    #expect(prefix.status == 0, "\(prefix.stderr)")
  }
}
