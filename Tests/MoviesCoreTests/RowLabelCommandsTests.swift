import Foundation
import Testing

@testable import MoviesCore

/// Every row command takes every label: one resolver finds the movie `N`, `wN` or `fN`
/// names, and `watch` and `unwatch` take ranges of them.
@Suite(.timeLimit(.minutes(1))) struct RowLabelCommandsTests {
  private let layout = TextRenderer.Layout(width: 80, palette: .plain, unicode: false)

  private func makeRunner(_ library: any Library, sourceID: String = "offline") -> CommandRunner {
    CommandRunner(
      testing: FakeMovieSource(movieCount: 45), library: .open(library), sourceID: sourceID)
  }

  @Test func watchTakesARangeAndSaysWhichWereOnAlready() async throws {
    let library = LibraryCommandsTests.MemoryLibrary()
    let runner = makeRunner(library)
    _ = await runner.run(.more, layout: layout)
    _ = await runner.run(.act(.watch, 4), layout: layout)
    let reply = await runner.run(try #require(try Command.parse("watch 2-5")), layout: layout)
    #expect(reply.error == nil)
    #expect(
      reply.output == "Added 3 movies of rows 2-5 to the watchlist; 4 was on it already.\n")
    let titles = try await library.watchlist().map(\.movie.title)
    #expect(Set(titles) == ["Movie 2", "Movie 3", "Movie 4", "Movie 5"])
  }

  @Test func aRangePastTheEndChangesNothing() async throws {
    let library = LibraryCommandsTests.MemoryLibrary()
    let runner = makeRunner(library)
    _ = await runner.run(.more, layout: layout)
    let reply = await runner.run(.actOnRange(.watch, RowLabels(8...12)), layout: layout)
    #expect(reply.error?.contains("There is no row 11") == true, "\(reply.error ?? "")")
    #expect(try await library.watchlist().isEmpty, "rows 8 to 10 were not added either")
  }

  @Test func unwatchTakesARangeOfEntriesAsTheyWereListed() async throws {
    let library = LibraryCommandsTests.MemoryLibrary()
    let runner = makeRunner(library)
    _ = await runner.run(.more, layout: layout)
    _ = await runner.run(.actOnRange(.watch, RowLabels(1...4)), layout: layout)
    _ = await runner.run(.watchlist, layout: layout)
    let reply = await runner.run(.actOnRange(.unwatch, RowLabels(1...2, .entry)), layout: layout)
    #expect(reply.output == "Took 2 movies of entries w1-w2 off the watchlist.\n")
    // w3 is the entry the listing numbered so, though the first two are gone.
    let show = await runner.run(.act(.show, RowLabel(3, .entry)), layout: layout)
    #expect(show.output.hasPrefix("w3  Movie 2"), "\(show.output)")
  }

  @Test func watchOfAnEntryIsAlreadyOnAndWatchOfAMatchNeedsASearch() async throws {
    let library = LibraryCommandsTests.MemoryLibrary()
    let runner = makeRunner(library)
    _ = await runner.run(.more, layout: layout)
    _ = await runner.run(.act(.watch, 2), layout: layout)
    let again = await runner.run(.act(.watch, RowLabel(1, .entry)), layout: layout)
    #expect(again.output == "Entry w1, \"Movie 2\", is already on the watchlist.\n")
    let match = await runner.run(.act(.play, RowLabel(1, .match)), layout: layout)
    #expect(match.error?.hasPrefix("There is no match f1") == true)
  }

  @Test func playOfAnEntryFromAnotherSourceIsRefusedWithoutAsking() async throws {
    let library = LibraryCommandsTests.MemoryLibrary()
    _ = try await library.add(
      WatchEntry(source: "http://elsewhere:8096", movie: Movie(id: "9", title: "Far")))
    let runner = makeRunner(library)
    let result = await runner.execute(.act(.play, RowLabel(1, .entry)))
    guard case .failure(let error) = result.outcome else {
      Issue.record("play w1 of another source played")
      return
    }
    #expect(error as? WatchlistError == .playsElsewhere(entry: 1, source: "http://elsewhere:8096"))
    let thumb = await runner.execute(.act(.thumb, RowLabel(1, .entry)))
    guard case .failure(let thumbError) = thumb.outcome else {
      Issue.record("thumb w1 of another source loaded")
      return
    }
    #expect(thumbError is WatchlistError)
  }

  /// Each label kind reaches the same action: the JSON says which label it was.
  @Test func theJSONSaysWhichLabelARowCommandTook() async throws {
    let library = LibraryCommandsTests.MemoryLibrary()
    let runner = makeRunner(library)
    _ = await runner.run(.more, layout: layout)
    _ = await runner.run(.act(.watch, 3), layout: layout)
    let result = await runner.execute(.act(.open, RowLabel(1, .entry)))
    let reply = JSONRenderer.render(result, of: .act(.open, RowLabel(1, .entry)))
    let object = try JSONSerialization.jsonObject(with: Data(reply.text.utf8)) as? [String: Any]
    #expect(object?["command"] as? String == "open")
    #expect(object?["entry"] as? String == "w1")
  }
}
