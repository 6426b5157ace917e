import Testing

@testable import MoviesCore

@Suite struct CommandTests {
  @Test(arguments: [
    ("more", Command.more),
    ("list", .list),
    ("show 3", .show(row: 3)),
    ("thumb 12", .thumb(row: 12)),
    ("thumb 1-10", .thumbs(.range(1...10))),
    ("thumb 4-4", .thumbs(.range(4...4))),
    ("thumb all", .thumbs(.all)),
    ("THUMB ALL", .thumbs(.all)),
    ("help", .help),
    ("?", .help),
    ("quit", .quit),
    ("exit", .quit),
    ("SHOW 3", .show(row: 3)),
    ("More", .more),
    ("  show   7  ", .show(row: 7)),
    ("\tlist\n", .list),
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
    ("thumb 2.5", .notARowNumber(command: "thumb", argument: "2.5")),
    ("thumb -1", .rowTooSmall(command: "thumb")),
    ("thumb 5-3", .notARowRange(command: "thumb", argument: "5-3")),
    ("thumb 0-3", .notARowRange(command: "thumb", argument: "0-3")),
    ("thumb 1-x", .notARowRange(command: "thumb", argument: "1-x")),
    ("thumb 1-", .notARowRange(command: "thumb", argument: "1-")),
    ("thumb 1-2 3", .unexpectedArgument(command: "thumb")),
    ("show 1 2", .unexpectedArgument(command: "show")),
    ("more x", .unexpectedArgument(command: "more")),
    ("quit now", .unexpectedArgument(command: "quit")),
    ("frobnicate", .unknown("frobnicate")),
    ("Frobnicate 3", .unknown("Frobnicate")),
  ])
  func rejects(line: String, error: Command.ParseError) {
    #expect(throws: error) { try Command.parse(line) }
    #expect(!error.message.isEmpty)
  }

  @Test(arguments: [
    ("", true, ["more", "list", "show", "thumb", "help", "quit", "exit"]),
    ("", false, ["list", "show", "thumb", "help", "quit", "exit"]),
    ("m", true, ["more"]),
    ("m", false, []),
    ("s", true, ["show"]),
    ("e", false, ["exit"]),
    ("T", false, ["thumb"]),
    ("x", true, []),
  ])
  func completions(prefix: String, moreRemains: Bool, expected: [String]) {
    #expect(Command.completions(forPrefix: prefix, moreRemains: moreRemains) == expected)
  }
}
