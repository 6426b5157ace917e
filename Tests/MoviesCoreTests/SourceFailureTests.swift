import Testing

@testable import MoviesCore

/// The browser and the commands know a source's failures by their kind, not their type: a
/// source other than Hoppin (TMDb, Jellyfin) fits without the browser knowing it.
@Suite(.timeLimit(.minutes(1))) struct SourceFailureTests {
  /// Another source's error: an answer that is not a page.
  struct GarbledAnswer: SourceFailure {
    var kind: SourceFailureKind { .unreadablePage }
    var code: ErrorCode { .source }
    var message: String { message(retrying: "more") }
    func message(retrying command: String) -> String {
      "The answer was garbled; type '\(command)' or 'skip'."
    }
  }

  private let layout = TextRenderer.Layout(width: 80, palette: .plain)

  /// A runner on 30 movies with its first page shown, whose next page request fails with
  /// another source's error.
  private func runnerFailingNextPage() async -> CommandRunner {
    let source = FakeMovieSource(movieCount: 30)
    let runner = CommandRunner(testing: source)
    _ = await runner.execute(.more)
    source.failNextPage(with: GarbledAnswer())
    return runner
  }

  @Test func anUnreadablePageOfAnySourceCanBeSkipped() async throws {
    let runner = await runnerFailingNextPage()
    #expect(await runner.run(.more, layout: layout).error?.contains("garbled") == true)
    let skipped = await runner.run(.skip, layout: layout)
    #expect(skipped.error == nil, "\(skipped.error ?? "")")
    #expect(skipped.warnings == ["Skipped page 2; its rows are missing from the list."])
    // Page 3 next, its rows numbered on from the list's.
    let next = await runner.run(.more, layout: layout)
    #expect(next.view?.rowNumbers == Array(11...20))
    #expect(next.output.contains("Movie 21"))
  }

  @Test func aFailedSwitchAdvisesTheCommandInTheSourcesOwnWords() async throws {
    let runner = await runnerFailingNextPage()
    let failed = await runner.run(.order("titleasc"), layout: layout)
    #expect(failed.error == "The answer was garbled; type 'order titleasc' or 'skip'.")
  }
}
