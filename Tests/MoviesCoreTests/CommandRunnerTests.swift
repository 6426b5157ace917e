import Foundation
import Testing

@testable import MoviesCore

@Suite(.timeLimit(.minutes(1))) struct CommandRunnerTests {
  private let layout = TextRenderer.Layout(width: 80, palette: .plain)
  private let source = FakeMovieSource(movieCount: 25)

  private func makeRunner() -> CommandRunner {
    CommandRunner(testing: source)
  }

  private func lines(_ output: String) -> [String] {
    output.split(separator: "\n").map(String.init)
  }

  /// The row numbers of the table lines in `output`, checking each line shows its movie.
  private func rows(in output: String) -> [Int] {
    lines(output).compactMap { line in
      guard let number = line.split(separator: " ").first.flatMap({ Int($0) }) else { return nil }
      #expect(line.contains("  Movie \(number)  "), "row \(number) shows the wrong movie: \(line)")
      return number
    }
  }

  private func isHeader(_ line: String) -> Bool {
    line.hasPrefix(" #  Title") && line.contains("Rating") && line.contains("Released")
  }

  @Test func morePagesThroughTheList() async {
    let runner = makeRunner()

    let first = await runner.run(.more, layout: layout)
    #expect(first.error == nil)
    #expect(lines(first.output).first.map(isHeader) == true)
    #expect(rows(in: first.output) == Array(1...10))
    #expect(first.output.contains("Showing 10 of 25"))

    let second = await runner.run(.more, layout: layout)
    #expect(!lines(second.output).contains(where: isHeader))
    #expect(rows(in: second.output) == Array(11...20))
    #expect(second.output.contains("Showing 20 of 25"))

    let third = await runner.run(.more, layout: layout)
    #expect(rows(in: third.output) == Array(21...25))
    #expect(third.output.contains("All 25 movies loaded."))
    #expect(source.requestedPages == [1, 2, 3])

    let fourth = await runner.run(.more, layout: layout)
    #expect(fourth.error == nil)
    #expect(rows(in: fourth.output).isEmpty)
    #expect(fourth.output.contains("already loaded"))
    #expect(source.requestedPages == [1, 2, 3])
  }

  @Test func helpOffersMoreOnlyWhileMoreRemain() async {
    let runner = makeRunner()
    let offersMore = { (reply: Reply) in
      self.lines(reply.output).contains { $0.hasPrefix("  more ") }
    }
    #expect(offersMore(await runner.run(.help, layout: layout)))
    for _ in 1...3 { _ = await runner.run(.more, layout: layout) }
    let help = await runner.run(.help, layout: layout)
    #expect(!offersMore(help))
    #expect(help.output.contains("  list "))
  }

  @Test func showPrintsTheMovie() async {
    let runner = makeRunner()
    _ = await runner.run(.more, layout: layout)
    let reply = await runner.run(.act(.show, RowLabel(3)), layout: layout)
    #expect(reply.error == nil)
    #expect(reply.output.hasPrefix("#3  Movie 3\n"))
    #expect(reply.output.contains("https://movies.example/3"))
    #expect(reply.output.contains("posters/3.png"))
  }

  @Test func showOfAMissingRowIsAnError() async throws {
    let runner = makeRunner()
    _ = await runner.run(.more, layout: layout)
    let reply = await runner.run(.act(.show, RowLabel(99)), layout: layout)
    let error = try #require(reply.error)
    #expect(error.contains("99"))
    #expect(error.contains("1 to 10"))
    #expect(reply.output.isEmpty)
  }

  @Test func listReprintsEveryLoadedRow() async throws {
    let runner = makeRunner()
    _ = await runner.run(.more, layout: layout)
    _ = await runner.run(.more, layout: layout)
    let reply = await runner.run(.list, layout: layout)
    let first = try #require(lines(reply.text).first)
    #expect(isHeader(first))
    #expect(rows(in: reply.text) == Array(1...20))
    #expect(reply.text.contains("Showing 20 of 25"))
    #expect(source.requestedPages == [1, 2])
  }

  @Test func quit() async {
    let reply = await makeRunner().run(.quit, layout: layout)
    #expect(reply.quits)
    #expect(reply.output.isEmpty)
  }
}
