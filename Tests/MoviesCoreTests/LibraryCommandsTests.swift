import Foundation
import Synchronization
import Testing

@testable import MoviesCore

/// The watchlist commands and `resume`, over a library in memory.
@Suite(.timeLimit(.minutes(1))) struct LibraryCommandsTests {
  /// A ``Library`` in memory.
  final class MemoryLibrary: Library {
    private let entries = Mutex<[WatchEntry]>([])
    private let sessions = Mutex<[SavedSession]>([])

    func add(_ entry: WatchEntry) async throws(LibraryError) -> Bool {
      entries.withLock { entries in
        guard !entries.contains(where: { $0.source == entry.source && $0.key == entry.key })
        else { return false }
        entries.insert(entry, at: 0)
        return true
      }
    }
    func remove(source: String, key: String) async throws(LibraryError) -> Bool {
      entries.withLock { entries in
        let before = entries.count
        entries.removeAll { $0.source == source && $0.key == key }
        return entries.count < before
      }
    }
    func update(_ entry: WatchEntry) async throws(LibraryError) -> Bool {
      entries.withLock { entries in
        guard
          let index = entries.firstIndex(where: { $0.source == entry.source && $0.key == entry.key }
          )
        else { return false }
        entries[index] = entry
        return true
      }
    }
    func watchlist() async throws(LibraryError) -> [WatchEntry] { entries.withLock { $0 } }
    func watchedKeys(source: String) async throws(LibraryError) -> Set<String> {
      Set(entries.withLock { $0 }.filter { $0.source == source }.map(\.key))
    }
    func saveSession(_ saved: SavedSession) async throws(LibraryError) {
      sessions.withLock { sessions in
        sessions.insert(saved, at: 0)
        sessions = Array(sessions.prefix(SavedSession.kept))
      }
    }
    func savedSessions() async throws(LibraryError) -> [SavedSession] {
      sessions.withLock { $0 }
    }
  }

  private let layout = TextRenderer.Layout(width: 80, palette: .plain, unicode: false)

  /// Two genres, for naming a resumed one.
  struct TwoGenres: GenreSource {
    func genres() async throws -> [Genre] {
      [Genre(id: "3", name: "Comedy"), Genre(id: "4", name: "Drama")]
    }
  }

  private func makeRunner(
    _ library: LibraryAccess, source: FakeMovieSource = FakeMovieSource(movieCount: 45),
    sourceID: String = "offline"
  ) -> CommandRunner {
    CommandRunner(
      testing: source, genreSource: TwoGenres(), library: library, sourceID: sourceID)
  }

  @Test func watchedRowsAreMarkedAndListedNewestFirst() async {
    let runner = makeRunner(.open(MemoryLibrary()))
    _ = await runner.run(.more, layout: layout)
    #expect(
      await runner.run(.act(.watch, RowLabel(2)), layout: layout).output.contains("Added row 2"))
    #expect(await runner.run(.act(.watch, RowLabel(5)), layout: layout).error == nil)
    #expect(await runner.run(.act(.watch, RowLabel(5)), layout: layout).output.contains("already"))

    let list = await runner.run(.list, layout: layout).text.split(separator: "\n")
    #expect(list.filter { $0.contains(" * ") }.map { $0.prefix(4) } == [" 2 *", " 5 *"])
    let watchlist = await runner.run(.watchlist, layout: layout).output
    #expect(watchlist.contains("w1  Movie 5"))
    #expect(watchlist.contains("w2  Movie 2"))
    #expect(
      await runner.run(.act(.show, RowLabel(2, .entry)), layout: layout).output
        .hasPrefix("w2  Movie 2"))
    #expect(
      await runner.run(.act(.show, RowLabel(2)), layout: layout).output.contains("On the watchlist")
    )
    #expect(
      await !runner.run(.act(.show, RowLabel(3)), layout: layout).output.contains(
        "On the watchlist"))
    let missing = await runner.run(.act(.show, RowLabel(3, .entry)), layout: layout)
    #expect(missing.error?.contains("w1 to w2") == true)
  }

  @Test func withoutALibraryTheCommandsFailAndBrowsingGoesOn() async {
    let problem = LibraryError.notADatabase(path: "/x/movies.sqlite3")
    let runner = makeRunner(.unavailable(problem))
    let first = await runner.execute(.more)
    #expect(first.watched == nil, "no mark column without a library")
    let watch = await runner.execute(.act(.watch, RowLabel(1)))
    guard case .failure(let error) = watch.outcome else {
      Issue.record("watch succeeded without a library")
      return
    }
    #expect(ErrorDescriber.plain.message(for: error) == problem.message)
    #expect(ErrorDescriber.plain.code(for: error) == .watchlist)
    #expect(await runner.run(.more, layout: layout).error == nil)
  }

  @Test func resumeLoadsTheSavedDepthAndPrintsTheLastPage() async throws {
    let library = MemoryLibrary()
    let source = FakeMovieSource(movieCount: 45)
    let runner = makeRunner(.open(library), source: source)
    try await library.saveSession(
      SavedSession(
        source: "offline", query: MovieQuery(order: "ratingdesc", pageSize: 10), rows: 30))

    let reply = await runner.run(.resume, layout: layout)
    #expect(reply.error == nil)
    #expect(reply.view?.rowNumbers == Array(21...30))
    #expect(reply.output.contains("Resumed: 30 of 45 by rating"))
    #expect(await runner.browser.list.movies.count == 30)
    #expect(await runner.browser.list.query.order == "ratingdesc")
    #expect(source.requestedPages.sorted() == [1, 2, 3])
  }

  @Test func aResumeWhosePageFailsLeavesTheListAsItWas() async throws {
    let library = MemoryLibrary()
    let source = FakeMovieSource(movieCount: 45)
    let runner = makeRunner(.open(library), source: source)
    _ = await runner.run(.more, layout: layout)
    try await library.saveSession(
      SavedSession(source: "offline", query: MovieQuery(order: "titleasc", pageSize: 10), rows: 40))
    // Rows 11-20 come as page 2 of 10, rows 21-40 as page 2 of 20 (lined up, as large as fit).
    source.failOnce(page: 2)

    let reply = await runner.run(.resume, layout: layout)
    #expect(reply.error != nil)
    let list = await runner.browser.list
    #expect(list.movies.count == 10)
    #expect(list.query == MovieQuery(pageSize: 10))
    // Asked again, it succeeds.
    #expect(await runner.run(.resume, layout: layout).error == nil)
    #expect(await runner.browser.list.movies.count == 40)
  }

  @Test func resumeRefusesAnotherSourcesSessionAndChangesNothing() async throws {
    let library = MemoryLibrary()
    let runner = makeRunner(.open(library), sourceID: "http://127.0.0.1:9/hoppin/movies")
    _ = await runner.run(.more, layout: layout)
    try await library.saveSession(SavedSession(source: "offline", query: MovieQuery(), rows: 20))
    let reply = await runner.run(.resume, layout: layout)
    #expect(reply.error?.contains("offline catalogue") == true)
    #expect(await runner.browser.list.movies.count == 10)
  }

  @Test func leavingSavesTheQueryAndDepthOnlyWhenTheListMoved() async throws {
    let library = MemoryLibrary()
    let runner = makeRunner(.open(library))
    let start = try #require(await runner.run(.more, layout: layout).list)
    #expect(await runner.saveSession(ifMovedFrom: start) == nil)
    #expect(try await library.savedSessions().isEmpty, "the list did not move")
    _ = await runner.run(.more, layout: layout)
    #expect(await runner.saveSession(ifMovedFrom: start) == nil)
    let saved = try await library.savedSession()
    #expect(saved?.query == MovieQuery(pageSize: 10) && saved?.rows == 20)
  }

  @Test func aResumedGenreIsNamedFromTheSavedSessionOrTheGenreList() async throws {
    let library = MemoryLibrary()
    let runner = makeRunner(.open(library))
    try await library.saveSession(
      SavedSession(source: "offline", query: MovieQuery(genreID: "4", pageSize: 10), rows: 10))
    let reply = await runner.run(.resume, layout: layout)
    #expect(reply.list?.genreName == "Drama", "looked up: \(reply.output)")
    #expect(reply.output.contains(", genre Drama"))
  }
}
