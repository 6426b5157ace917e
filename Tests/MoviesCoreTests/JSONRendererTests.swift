import Foundation
import Testing

@testable import MoviesCore

/// `--json` output, read back with JSONSerialization.
@Suite(.timeLimit(.minutes(1))) struct JSONRendererTests {
  private let source = FakeMovieSource(movieCount: 15)

  private func makeRunner() -> CommandRunner {
    CommandRunner(testing: source, prefetches: true)
  }

  private func json(_ command: Command, on runner: CommandRunner) async throws -> [String: Any] {
    let reply = JSONRenderer.render(await runner.execute(command), of: command)
    #expect(reply.text.hasSuffix("\n"))
    #expect(reply.text.dropLast().contains("\n") == false, "one object per line")
    let object = try JSONSerialization.jsonObject(with: Data(reply.text.utf8))
    return try #require(object as? [String: Any])
  }

  @Test func aStoppedFindIsCancelledInTextAndJSONAlike() throws {
    let found = FindResult(
      text: "love", matches: [], list: ListStatus(query: MovieQuery()), elapsed: .seconds(1),
      stopped: true)
    let result = CommandResult(outcome: .success(found))
    let json = JSONRenderer.render(result, of: .find("love"))
    let text = TextRenderer(layout: TextRenderer.Layout(width: 80, palette: .plain))
      .render(result)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [String: Any])
    #expect(object["ok"] as? Bool == false)
    #expect((object["error"] as? [String: Any])?["code"] as? String == "cancelled")
    #expect(object["stopped"] as? Bool == true)
    #expect(json.error != nil && json.error == text.error)
    #expect(json.wasCancelled && text.wasCancelled)
    #expect(result.problem?.cancelled == true)
  }

  @Test func pagesCarryTheirRowsAndTheCounts() async throws {
    let runner = makeRunner()
    let first = try await json(.more, on: runner)
    let second = try await json(.more, on: runner)

    // Loaded and total differ on the first page, so each is checked to be itself.
    #expect(first["loaded"] as? Int == 10)
    #expect(first["total"] as? Int == 15)
    #expect(first["complete"] as? Bool == false)

    #expect(second["command"] as? String == "more")
    #expect(second["ok"] as? Bool == true)
    let rows = try #require(second["rows"] as? [[String: Any]])
    #expect(rows.map { $0["row"] as? Int } == Array(11...15))
    #expect(rows.map { $0["title"] as? String } == source.movies[10...].map(\.title))
    #expect(rows.first?["link"] as? String == source.movies[10].link)
    #expect(second["loaded"] as? Int == 15)
    #expect(second["total"] as? Int == source.movies.count)
    #expect(second["complete"] as? Bool == true)
  }

  @Test func aBatchWithAFailedRowIsNotOK() throws {
    var batch = ThumbnailBatch(rows: [1, 2])
    batch.failures[2] = ThumbnailStore.Error.cannotWrite(path: "t/2.jpg", reason: "Read-only")
    // The program phrases the remedy; the row's message carries its words.
    let describer = ErrorDescriber { _ in "Pick another folder." }
    let reply = JSONRenderer.render(
      CommandResult(outcome: .success(batch)), of: .thumbs(.range(1...2)),
      describer: describer)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(reply.output.utf8)) as? [String: Any])

    let failed = try #require(object["failed"] as? [[String: Any]])
    #expect(
      failed.first?["message"] as? String
        == "Could not write t/2.jpg: Read-only. Pick another folder.")
    #expect(object["from"] as? String == "list")
    #expect(object["ok"] as? Bool == false)
    #expect((object["error"] as? [String: Any])?["code"] as? String == "thumbnail")
    #expect(reply.error?.contains("1 of 2 thumbnails could not be saved") == true)
  }

  @Test func showCarriesEveryField() async throws {
    let runner = makeRunner()
    _ = await runner.execute(.more)
    let shown = try await json(.act(.show, RowLabel(4)), on: runner)

    let movie = try #require(shown["movie"] as? [String: Any])
    #expect(shown["row"] as? Int == 4)
    #expect(movie["title"] as? String == source.movies[3].title)
    #expect(movie["rating"] as? Double == source.movies[3].rating)
    #expect(movie["grade"] is NSNull, "a missing field is null, not left out")
  }

  /// The details are data under one set of keys, whatever the source: names in arrays,
  /// minutes as a number, the providers by kind. No display label is a key.
  @Test func detailsAreDataUnderTheSameKeys() throws {
    let movie = Movie(
      id: "949", title: "Heat", runningTime: 170, otherFields: ["status": "Released"],
      overview: "A heist.", tagline: "A crime saga", directors: ["Michael Mann"],
      cast: ["Al Pacino", "Robert De Niro"],
      providers: WatchProviders(
        region: "US", stream: ["Max"], buy: ["Apple TV"], link: "https://example.org/watch"),
      imdbID: "tt0113277", trailer: "https://www.youtube.com/watch?v=abc")
    let result = CommandResult(
      outcome: .success(MovieShown(movie, row: RowLabel(1), thumbnail: .unavailable)))
    let reply = JSONRenderer.render(result, of: .act(.show, RowLabel(1)))
    let object = try JSONSerialization.jsonObject(with: Data(reply.text.utf8)) as? [String: Any]
    let shown = try #require(object?["movie"] as? [String: Any])
    #expect(shown["runtime"] as? Int == 170)
    #expect(shown["runningTime"] == nil)
    #expect(shown["overview"] as? String == "A heist.")
    #expect(shown["tagline"] as? String == "A crime saga")
    #expect(shown["directors"] as? [String] == ["Michael Mann"])
    #expect(shown["cast"] as? [String] == ["Al Pacino", "Robert De Niro"])
    #expect(shown["imdbId"] as? String == "tt0113277")
    #expect(shown["trailer"] as? String == "https://www.youtube.com/watch?v=abc")
    let providers = try #require(shown["providers"] as? [String: Any])
    #expect(providers["region"] as? String == "US")
    #expect(providers["stream"] as? [String] == ["Max"])
    #expect(providers["rent"] as? [String] == [])
    #expect(providers["buy"] as? [String] == ["Apple TV"])
    #expect(providers["link"] as? String == "https://example.org/watch")
    #expect(shown["otherFields"] as? [String: String] == ["status": "Released"])
  }

  @Test func failuresHaveACodeAndTheMessage() async throws {
    let runner = makeRunner()
    let failed = try await json(.act(.show, RowLabel(99)), on: runner)

    #expect(failed["ok"] as? Bool == false)
    let error = try #require(failed["error"] as? [String: Any])
    #expect(error["code"] as? String == "no_such_row")
    #expect((error["message"] as? String)?.contains("99") == true)
  }

  @Test func controlCharactersAreEscapedAndReadBackTheSame() throws {
    let nasty = "a\u{1B}[2J\u{9B}2J\u{7F}\u{85}\u{202E}\u{2066}z"
    let line = JSONRenderer.render(parseError: .unknown(nasty), line: nasty)
    #expect(line.contains(#"a\u001b[2J\u009B2J\u007F\u0085\u202E\u2066z"#), "\(line)")
    #expect(!line.unicodeScalars.contains { TerminalText.needsEscape($0) && $0 != "\n" })
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    #expect(object?["input"] as? String == nasty)
  }

  @Test func aLineThatIsNotACommandIsAnObjectToo() throws {
    let text = JSONRenderer.render(parseError: .unknown("frob"), line: "frob 1")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["input"] as? String == "frob 1")
    #expect((object["error"] as? [String: Any])?["code"] as? String == "usage")
  }

  @Test func thePromptShowsWhatIsLoaded() async {
    let runner = makeRunner()
    #expect(StatusLine.prompt(await runner.browser.status) == "movies> ")
    _ = await runner.execute(.more)
    #expect(StatusLine.prompt(await runner.browser.status) == "movies 10/15> ")
    _ = await runner.execute(.more)
    #expect(StatusLine.prompt(await runner.browser.status) == "movies 15> ")
  }
}
