import Synchronization
import Testing

@testable import MoviesCore

/// `continue`: a capability the source declares; it restarts the list with the source's
/// `continuing` listing, and a failed load leaves the list as it was.
@Suite(.timeLimit(.minutes(1))) struct ContinueCommandTests {
  private let layout = TextRenderer.Layout(width: 80, palette: .plain, unicode: false)

  private func runner(_ source: FakeMovieSource) -> CommandRunner {
    CommandRunner(testing: source, query: MovieQuery(order: "titleasc", pageSize: 10))
  }

  private static var resuming: SourceCapabilities {
    var capabilities = SourceCapabilities()
    capabilities.resumesWatching = true
    return capabilities
  }

  @Test func continueAsksTheContinuingQueryAndTheNextListDropsIt() async throws {
    let asked = Mutex<[MovieQuery]>([])
    let source = FakeMovieSource(
      movies: FakeMovieSource.numbered(30), capabilities: Self.resuming
    ) { _, query in
      asked.withLock { $0.append(query) }
      return .serve
    }
    let runner = runner(source)
    _ = await runner.run(.more, layout: layout)
    let reply = await runner.run(try #require(try Command.parse("continue")), layout: layout)
    #expect(reply.error == nil)
    #expect(await runner.browser.status.query.isContinuing)
    let list = try #require(reply.list)
    #expect(StatusLine.prompt(list) == "movies continue 10/30> ")
    _ = await runner.run(.order("ratingdesc"), layout: layout)
    let queries = asked.withLock { $0 }
    #expect(queries.map(\.isContinuing) == [false, true, false])
    #expect(queries[1].pageSize == 10 && queries[1].genreID.isEmpty)
  }

  @Test func aFailedContinueLeavesTheListAsItWas() async throws {
    let source = FakeMovieSource(
      movies: FakeMovieSource.numbered(30), capabilities: Self.resuming
    ) { _, query in
      query.isContinuing ? .fail(FakeMovieSource.Failure()) : .serve
    }
    let runner = runner(source)
    _ = await runner.run(.more, layout: layout)
    let before = await runner.browser.status
    let reply = await runner.run(.continueWatching, layout: layout)
    #expect(reply.error != nil)
    #expect(await runner.browser.status == before)
    #expect(await runner.run(.more, layout: layout).output.contains("Movie 11"))
  }

  @Test func aSourceWithoutPlaybackRefusesWithoutAsking() async throws {
    let source = FakeMovieSource(movieCount: 30)
    let runner = runner(source)
    _ = await runner.run(.more, layout: layout)
    let reply = await runner.run(.continueWatching, layout: layout)
    #expect(
      reply.error
        == "This source does not know what you have watched, so 'continue' has nothing to go "
        + "on; it works on a media server's library, such as Jellyfin's.")
    #expect(source.requestedPages == [1], "nothing asked for continue")
  }
}
