import Testing

@testable import MoviesCore

/// A new command is one declaration and one handler (``CommandSpec/count``, in
/// CountCommand.swift): parsing, running, text, JSON and the rows in view come from them.
@Suite(.timeLimit(.minutes(1))) struct NewCommandTests {
  private let commands = CommandSpec.all + [.count]

  private func runner() -> CommandRunner {
    CommandRunner(
      browser: Browser(source: FakeMovieSource(movieCount: 25), query: MovieQuery(pageSize: 10)),
      thumbnails: .unused, commands: commands)
  }

  @Test func aDeclaredCommandParsesRunsAndRendersItself() async throws {
    let runner = runner()
    let page = await runner.execute(.more)
    let command = try #require(try Command.parse("COUNT", in: commands))
    #expect(command == .declared("count", words: []))
    let result = await runner.execute(command)
    let text = TextRenderer(layout: .init(width: 80, palette: .plain)).render(result)
    #expect(text.output == "10 rows are loaded.\n")
    #expect(text.error == nil)
    let json = JSONRenderer.render(result, of: command)
    #expect(json.output == #"{"command":"count","loaded":10,"ok":true}"# + "\n")
    // It printed no table: the rows `more` put in view stay there, and the list is as it was.
    #expect(result.view == page.view && result.view == .rows(Array(1...10)))
    #expect(result.list == nil)
  }

  @Test func aDeclaredCommandTakesItsArgumentsAsDeclared() throws {
    #expect(throws: Command.ParseError.unexpectedArgument(command: "count")) {
      try Command.parse("count 3", in: commands)
    }
    // Not in the table the program runs with: unknown there.
    #expect(throws: Command.ParseError.self) { try Command.parse("count") }
  }
}
