import Foundation
import Synchronization
import TestSupport
import Testing

@testable import MovieSources
@testable import MoviesCore

/// What a command that stopped part-way says: how to try again, and what was kept.
@Suite(.timeLimit(.minutes(1))) struct StoppedCommandTests {
  private let layout = TextRenderer.Layout(width: 80, palette: .plain)

  /// Page 1 of the default query loads; a genre's or an order's first page fails as a server
  /// in trouble would; later pages wait until cancelled.
  private static func troubledSource() -> FakeMovieSource {
    FakeMovieSource(movieCount: 100) { number, query in
      if !query.genreID.isEmpty {
        return .fail(SourceHTTP.Failure.hoppin(.transfer(.connectionRefused), .page(number)))
      }
      if query.order != MovieQuery.defaultOrder {
        return .fail(HoppinClient.Error.badAnswer(.notJSON, page: number, excerpt: "Bad Gateway"))
      }
      return number > 1 ? .hangUntilCancelled : .serve
    }
  }

  private func makeRunner(_ source: FakeMovieSource) -> CommandRunner {
    CommandRunner(testing: source)
  }

  /// `more` would go on with the old list: the advice is the command that failed.
  @Test func aFailedSwitchAdvisesTypingTheCommandAgain() async throws {
    let runner = makeRunner(Self.troubledSource())
    _ = await runner.execute(.more)
    let genre = TextRenderer(layout: layout).render(await runner.execute(.genre("4")))
    let genreError = try #require(genre.error)
    #expect(genreError.contains("type 'genre 4' to try again"), "\(genreError)")
    #expect(!genreError.contains("'more'"), "\(genreError)")

    let order = JSONRenderer.render(
      await runner.execute(.order("ratingdesc")), of: .order("ratingdesc"))
    let orderError = try #require(order.error)
    #expect(orderError.contains("type 'order ratingdesc' to try again"), "\(orderError)")
    #expect(order.text.contains(#""code":"source""#))
    // The list is the old one, and `more` is still the way on for it.
    #expect(await runner.browser.status.loadedCount == 10)
    #expect(HoppinClient.Error.badAnswer(.notJSON, page: 2, excerpt: "").message.contains("'more'"))
  }

  @Test func cancellingMoreNKeepsItsPagesAndSaysSo() async throws {
    let source = Self.troubledSource()
    let runner = makeRunner(source)
    let task = Task { await runner.execute(.morePages(3)) }
    try #require(await eventually { source.requestedPages.filter { $0 > 1 }.count == 1 })
    task.cancel()
    let result = await task.value

    let text = TextRenderer(layout: layout).render(result)
    #expect(text.wasCancelled)
    #expect(text.error == "Cancelled after row 10; the rows loaded before are kept.")
    #expect(text.view?.rowNumbers == Array(1...10))
    #expect(text.list?.loadedCount == 10)
    let json = JSONRenderer.render(result, of: .morePages(3))
    #expect(json.wasCancelled)
    #expect(json.text.contains(#""code":"cancelled""#))
    #expect(json.text.contains(#""ok":false"#))
  }
}
