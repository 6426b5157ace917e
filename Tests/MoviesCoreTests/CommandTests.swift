import Testing

@testable import MoviesCore

@Suite(.timeLimit(.minutes(1))) struct CommandTests {
  @Test(arguments: [
    ("more", Command.more),
    ("list", .list),
    ("show 3", .act(.show, RowLabel(3))),
    ("thumb 12", .act(.thumb, RowLabel(12))),
    ("thumb 1-10", .thumbs(.range(1...10))),
    ("thumb 4-4", .thumbs(.range(4...4))),
    ("thumb all", .thumbs(.all)),
    ("THUMB ALL", .thumbs(.all)),
    ("help", .help),
    ("?", .help),
    ("quit", .quit),
    ("exit", .quit),
    ("SHOW 3", .act(.show, RowLabel(3))),
    ("More", .more),
    ("  show   7  ", .act(.show, RowLabel(7))),
    ("\tlist\n", .list),
    ("genre Drama", .genre("Drama")),
    ("genre  Science   Fiction ", .genre("Science Fiction")),
    ("GENRE 4", .genre("4")),
    ("order ratingdesc", .order("ratingdesc")),
    ("genres", .genres),
    ("find the godfather", .find("the godfather")),
    ("find 기생충", .find("기생충")),
    ("open 3", .act(.open, RowLabel(3))),
    ("watch 4", .act(.watch, RowLabel(4))),
    ("unwatch 4", .act(.unwatch, RowLabel(4))),
    ("watchlist", .watchlist),
    ("resume", .resume),
    ("show w3", .act(.show, RowLabel(3, .entry))),
    ("THUMB W12", .act(.thumb, RowLabel(12, .entry))),
    ("open w1", .act(.open, RowLabel(1, .entry))),
    ("unwatch w2", .act(.unwatch, RowLabel(2, .entry))),
    ("show f2", .act(.show, RowLabel(2, .match))),
    ("PLAY F1", .play(RowLabel(1, .match), PlayChoices())),
    ("watch f3", .act(.watch, RowLabel(3, .match))),
    ("thumb f4", .act(.thumb, RowLabel(4, .match))),
    // Every row command takes every label.
    ("watch w1", .act(.watch, RowLabel(1, .entry))),
    ("play W2", .play(RowLabel(2, .entry), PlayChoices())),
    ("open f1", .act(.open, RowLabel(1, .match))),
    ("watch 2-5", .actOnRange(.watch, RowLabels(2...5))),
    ("unwatch w1-W3", .actOnRange(.unwatch, RowLabels(1...3, .entry))),
    ("watch f2-f2", .actOnRange(.watch, RowLabels(2...2, .match))),
  ])
  func parses(line: String, command: Command) throws {
    #expect(try Command.parse(line) == command)
  }

  @Test(arguments: ["", " ", "\t  \n"])
  func blankLineIsNoCommand(line: String) throws {
    #expect(try Command.parse(line) == nil)
  }

  @Test(arguments: [
    ("show", Command.ParseError.missingRow(command: "show")),
    ("thumb", .missingRow(command: "thumb")),
    ("show 0", .rowTooSmall(command: "show")),
    ("show -1", .rowTooSmall(command: "show")),
    ("show abc", .notARowNumber(command: "show", argument: "abc")),
    ("show f0", .notALabel(command: "show", argument: "f0", .match)),
    ("open wx", .notALabel(command: "open", argument: "wx", .entry)),
    ("watch 5-3", .notARowRange(command: "watch", argument: "5-3")),
    ("watch 1-w3", .notARowRange(command: "watch", argument: "1-w3")),
    ("unwatch w2-", .notARowRange(command: "unwatch", argument: "w2-")),
    ("unwatch -1", .rowTooSmall(command: "unwatch")),
    ("show 2-5", .notARowNumber(command: "show", argument: "2-5")),
    ("play wx", .notALabel(command: "play", argument: "wx", .entry)),
    ("thumb 2.5", .notARowNumber(command: "thumb", argument: "2.5")),
    ("thumb -1", .rowTooSmall(command: "thumb")),
    ("thumb 5-3", .notARowRange(command: "thumb", argument: "5-3")),
    ("thumb 0-3", .notARowRange(command: "thumb", argument: "0-3")),
    ("thumb 1-x", .notARowRange(command: "thumb", argument: "1-x")),
    ("thumb 1-", .notARowRange(command: "thumb", argument: "1-")),
    ("thumb 1-2 3", .unexpectedArgument(command: "thumb")),
    ("show 1 2", .unexpectedArgument(command: "show")),
    ("more x", .notAPageCount("x")),
    ("more 2 3", .unexpectedArgument(command: "more")),
    ("quit now", .unexpectedArgument(command: "quit")),
    ("frobnicate", .unknown("frobnicate")),
    ("Frobnicate 3", .unknown("Frobnicate")),
    ("genre", .missingArgument(command: "genre", example: "Drama")),
    ("find", .missingArgument(command: "find", example: "godfather")),
    ("order", .missingArgument(command: "order", example: "rating")),
    ("order rating;desc", .notAnOrder("rating;desc")),
    ("genres 2", .unexpectedArgument(command: "genres")),
    ("open", .missingRow(command: "open")),
  ])
  func rejects(line: String, error: Command.ParseError) {
    #expect(throws: error) { try Command.parse(line) }
    #expect(!error.message.isEmpty)
  }

  static let everyName = CommandSpec.all.flatMap(\.spokenNames)

  @Test(arguments: [
    ("", true, everyName.filter { $0 != "skip" }),
    ("", false, everyName.filter { $0 != "more" && $0 != "skip" }),
    ("g", false, ["genre", "genres"]),
    ("o", true, ["order", "open"]),
    ("m", true, ["more"]),
    ("m", false, []),
    ("s", true, ["show", "similar", "seen", "series"]),
    ("sk", true, ["skip"]),
    ("e", false, ["episodes", "exit"]),
    ("T", false, ["thumb", "tracks", "trailer"]),
    ("x", true, []),
  ])
  func completions(prefix: String, moreRemains: Bool, expected: [String]) {
    #expect(CommandSpec.names(forPrefix: prefix, moreRemains: moreRemains) == expected)
  }
}
