import Foundation
import Testing

@testable import MovieSources
@testable import MoviesCore

/// What the core advises and accepts (issue 11): advice that is true, order aliases, typo
/// suggestions, `help CMD`, `more N`, short echoes, unknown genres, the prompt's context,
/// private history and honest poster wording.
@Suite(.timeLimit(.minutes(1))) struct CommandAdviceTests {
  @Test(arguments: [
    (
      "show 1 2",
      "'show' takes one row number, watchlist entry or search match, for example 'show 3' or 'show w1'."
    ),
    (
      "thumb 1 - 3",
      "'thumb' takes one row number or range, for example 'thumb 3', 'thumb 1-5' or 'thumb all'."
    ),
    (
      "open 1 2",
      "'open' takes one row number, watchlist entry or search match, for example 'open 3' or 'open w1'."
    ),
    ("list all", "'list' takes no argument; type just 'list'."),
  ])
  func anExtraArgumentSaysWhatTheCommandTakes(line: String, message: String) {
    #expect(throws: (any Error).self) { try Command.parse(line) }
    do {
      _ = try Command.parse(line)
    } catch {
      #expect(error.message == message)
      #expect(!error.message.contains("takes no argument") || line.hasPrefix("list"))
    }
  }

  @Test(arguments: [
    ("order RATINGDESC", "ratingdesc"), ("order rating", "ratingdesc"),
    ("order Newest", "releasedatedesc"), ("order oldest", "releasedateasc"),
    ("order title", "titleasc"), ("order titl", "titleasc"),
    ("order releasedated", "releasedatedesc"),
    ("order ratinga", "ratingasc"), ("order popularity", "popularitydesc"),
    // A word no source names goes to the server as it is.
    ("order votes", "votes"),
    // An alias wins over the orders that go on from it.
    ("order rat", "ratingdesc"), ("order RATI", "ratingdesc"), ("order t", "titleasc"),
    ("order n", "releasedatedesc"),
  ])
  func ordersTakeAnyCaseAliasesAndUniquePrefixes(line: String, order: String) throws {
    #expect(try Command.parse(line) == .order(order))
  }

  @Test func anAmbiguousOrMistypedOrderIsRefusedWithSuggestions() {
    for (line, expected) in [
      ("order r", "could be"), ("order ratingdsc", "did you mean 'ratingdesc'?"),
      ("order newset", "did you mean 'newest'?"),
    ] {
      do {
        _ = try Command.parse(line)
        Issue.record("\(line) was accepted")
      } catch {
        #expect(error.message.contains(expected), "\(line): \(error.message)")
      }
    }
  }

  @Test(arguments: [
    ("q", Command.quit), ("\\q", .quit), ("Q", .quit), ("\\?", .help),
    ("help show", .helpOn("show")),
    ("help THUMB", .helpOn("thumb")), ("help exit", .helpOn("quit")), ("more 5", .morePages(5)),
    ("more 1", .more), ("MORE 100", .morePages(100)),
  ])
  func psqlHabitsHelpOnACommandAndMoreN(line: String, command: Command) throws {
    #expect(try Command.parse(line) == command)
  }

  @Test func aNearMissSuggestsTheCommand() {
    for (typed, meant) in [
      ("shwo 3", "show"), ("thum 2", "thumb"), ("gneres", "genres"), ("lsit", "list"),
    ] {
      do {
        _ = try Command.parse(typed)
        Issue.record("\(typed) was accepted")
      } catch {
        #expect(error.message.contains("did you mean '\(meant)'?"), "\(typed): \(error.message)")
      }
    }
    #expect(throws: Command.ParseError.unknown("frobnicate")) { try Command.parse("frobnicate") }
    #expect(!Command.ParseError.unknown("frobnicate").message.contains("did you mean"))
  }

  @Test func moreRefusesABadPageCountAndHelpAnUnknownCommand() {
    #expect(throws: Command.ParseError.notAPageCount("0")) { try Command.parse("more 0") }
    #expect(throws: Command.ParseError.notAPageCount("x")) { try Command.parse("more x") }
    #expect(throws: Command.ParseError.unknown("shwo")) { try Command.parse("help shwo") }
  }

  @Test func helpOnACommandGivesItsUsageAndAnExample() async throws {
    let runner = CommandRunner(
      testing: FakeMovieSource(movieCount: 3), query: MovieQuery(), prefetches: true)
    let reply = await runner.run(
      .helpOn("thumb"), layout: .init(width: 80, palette: .plain))
    #expect(reply.output.contains("thumb N, thumb N-M, thumb all"))
    #expect(reply.output.contains("'thumb 1-5'"))
    #expect(reply.error == nil)
  }

  @Test func aHugeLineIsNotEchoedInFull() {
    let huge = String(repeating: "x", count: 5_000)
    for line in [huge, "show " + huge, "thumb 1-" + huge, "order " + huge] {
      do {
        _ = try Command.parse(line)
      } catch {
        #expect(error.message.count < 200, "\(error.message.count) characters")
      }
    }
    #expect(CommandRunner.Error.unknownGenre(huge, known: ["Drama"]).message.count < 200)
  }

  @Test func thePromptNamesAGenreAndOrderThatAreNotTheDefaults() {
    let list = ListStatus(query: MovieQuery(genreID: "4", order: "ratingdesc", pageSize: 10))
    #expect(StatusLine.prompt(list, genreName: "Drama") == "movies drama·rating> ")
    #expect(StatusLine.prompt(list, genreName: nil) == "movies 4·rating> ")
    let plain = ListStatus(query: MovieQuery())
    #expect(StatusLine.prompt(plain) == "movies> ")
    let ordered = ListStatus(query: MovieQuery(order: "titleasc"))
    #expect(StatusLine.prompt(ordered) == "movies title> ")
  }

  @Test func historyIsPrivateAndSkipsHugeLines() throws {
    try TemporaryFolder.withSync { folder in
      let file = HistoryFile(url: folder.appendingPathComponent("state/movies/history"))
      file.append("show 2")
      file.append("find " + String(repeating: "y", count: 9_000))
      file.append("show 3")
      #expect(file.entries() == ["show 2", "show 3"])
      // A long line an older version stored is not recalled.
      try Data(("find " + String(repeating: "z", count: 2_000) + "\nshow 4\n").utf8).write(
        to: file.url)
      #expect(file.entries() == ["show 4"])
      let attributes = try FileManager.default.attributesOfItem(atPath: file.url.path)
      #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
      let folderAttributes = try FileManager.default.attributesOfItem(
        atPath: file.url.deletingLastPathComponent().path)
      #expect((folderAttributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    }
  }

  @Test func anHTMLAnswerIsQuotedWithoutItsTags() {
    let html = Data(
      "<!DOCTYPE html><html><head><title>Oops</title></head><body>\n<h1>Service temporarily unavailable</h1>\u{1B}[2J</body></html>"
        .utf8)
    let excerpt = SourceHTTP.Failure.excerpt(of: html)
    #expect(excerpt.hasPrefix("Oops Service temporarily unavailable"))
    #expect(!excerpt.contains("<"))
    #expect(!excerpt.contains("\u{1B}"))
    let message = HoppinClient.Error.badAnswer(.notJSON, page: 4, excerpt: excerpt).message
    #expect(message.contains("type 'more' to try again"))
    #expect(!message.contains("--api"))
  }
}

@Suite(.timeLimit(.minutes(1))) struct AliasCompletionTests {
  @Test func tabOffersOrderAliasesAndCommandNamesAfterHelp() {
    let table = CompletionTable()
    #expect(table.complete("order ra").matches == ["rating", "ratingdesc", "ratingasc"])
    #expect(table.complete("order new").matches == ["newest"])
    #expect(table.complete("help th").matches == ["thumb"])
    #expect(table.hint(for: "order ")?.hasPrefix("newest|oldest|rating|title") == true)
    // `more` says what its optional argument is (issue 23 asked for it).
    #expect(table.hint(for: "more ") == "[N] (a number of pages)")
  }
}
