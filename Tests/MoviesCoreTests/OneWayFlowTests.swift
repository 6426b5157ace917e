import Foundation
import TestSupport
import Testing

@testable import MoviesCore

/// A `more` flows one way: the runner asks the browser once, and the result carries the rows
/// and the list's status, never the list itself, so the loaded rows are not shared and the
/// next page is appended in place.
@Suite(.timeLimit(.minutes(1))) struct OneWayFlowTests {
  private let layout = TextRenderer.Layout(width: 80, palette: .plain)

  private func makeRunner(_ source: FakeMovieSource) -> CommandRunner {
    CommandRunner(testing: source)
  }

  @Test func appendingAPageNeverCopiesTheRowsAlreadyLoaded() async throws {
    let runner = makeRunner(FakeMovieSource(movieCount: 50))
    // Kept as the shell keeps its replies: if a result shared the list's storage, the next
    // append would have to copy every loaded row to a new buffer.
    var kept: [(CommandResult, Reply)] = []
    let first = await runner.execute(.more)
    kept.append((first, TextRenderer(layout: layout).render(first)))
    let storage = await runner.browser.rowStorage
    for _ in 2...5 {
      let result = await runner.execute(.more)
      kept.append((result, TextRenderer(layout: layout).render(result)))
      #expect(await runner.browser.rowStorage == storage, "the loaded rows were copied")
    }
    #expect(kept.map { $0.1.list?.loadedCount } == [10, 20, 30, 40, 50])
    #expect(kept.last?.1.view?.rowNumbers == Array(41...50))
  }

  @Test func aReplyCarriesWhatThePromptAndTheSpinnerNeed() async throws {
    let source = FakeMovieSource(movieCount: 25)
    let runner = makeRunner(source)
    let first = TextRenderer(layout: layout).render(await runner.execute(.more))
    let list = try #require(first.list)
    #expect(list == (await runner.browser.status))
    #expect(StatusLine.prompt(list) == "movies 10/25> ")
    #expect(list.nextPage == 2)
    // The first page's longest title, "Movie 10", sizes the columns; no row has genres.
    #expect(list.columns == ColumnNeeds(title: 8, genres: 0))

    // Two pages at once: the rows of both, the status after the last.
    let two = TextRenderer(layout: layout).render(await runner.execute(.morePages(2)))
    #expect(two.view?.rowNumbers == Array(11...25))
    #expect(two.list.map { StatusLine.prompt($0) } == "movies 25> ")
    #expect(two.list?.isComplete == true)

    // A command that leaves the list alone says nothing of it; the prompt keeps the last.
    #expect(TextRenderer(layout: layout).render(await runner.execute(.help)).list == nil)
  }

  @Test func aFailedMoreLeavesTheShownStatusAsItWas() async throws {
    let source = FakeMovieSource(movieCount: 25)
    let runner = makeRunner(source)
    _ = await runner.execute(.more)
    source.failNextPage()
    let failed = JSONRenderer.render(await runner.execute(.more), of: .more)
    #expect(failed.error != nil)
    #expect(failed.list == nil)
    #expect(await runner.browser.status.loadedCount == 10)
  }

  @Test func theRowsInViewAreTheLastTablePrinted() async throws {
    let source = FakeMovieSource(movieCount: 25)
    let runner = makeRunner(source)
    #expect(await runner.execute(.more).view == .rows(Array(1...10)))
    // A reply that shows no rows and leaves the list alone keeps the view.
    #expect(await runner.execute(.help).view == .rows(Array(1...10)))
    source.failNextPage()
    #expect(await runner.execute(.genre("4")).view == .rows(Array(1...10)))
    // find loads the rest, but only its matches are in view; the browsing position stays.
    let found = await runner.execute(.find("movie 2"))
    #expect(found.view == .rows([2, 12, 20, 21, 22, 23, 24, 25]))
    #expect(found.list?.shownCount == 10 && found.list?.loadedCount == 25)
    #expect(await runner.execute(.list).view == .rows(Array(1...10)))
    // What `skip` after a failed `genre 4` replies: the genre's list, with no rows yet.
    var skipped = ViewState.State()
    skipped.rows = .rows(Array(1...10))
    ListOutcome.pageLoaded(.none, ListStatus(query: MovieQuery(genreID: "4", pageSize: 10)))
      .record(in: &skipped, query: MovieQuery(pageSize: 10))
    #expect(skipped.rows == .rows([]))
  }

  /// The prompt, completion and spinner come from replies; a shell that read the browser's
  /// list would add a trip to it on each line and share, so copy, its rows.
  @Test func theExecutableNeverReachesIntoTheBrowser() throws {
    let folder = TestPaths.packageRoot.appendingPathComponent("Sources/movies")
    let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".swift") }
    #expect(files.contains("Shell/Shell.swift"))
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      #expect(!text.contains("runner.browser"), "\(file) reads the browser directly")
    }
  }

  /// A command reads the terminal once, into a TerminalSnapshot that its table, progress
  /// line and pager share, instead of each asking (an ioctl each) and perhaps disagreeing.
  @Test func theShellReadsTheTerminalOncePerCommand() throws {
    let folder = TestPaths.packageRoot.appendingPathComponent("Sources/movies/Shell")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(files.contains("Shell+Perform.swift"))
    var snapshots = 0
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for question in [
        "Terminal.width", "Terminal.size", "Terminal.outputIsTerminal", "Terminal.errorIsTerminal",
        "ioctl",
      ] {
        #expect(!text.contains(question), "\(file) asks \(question)")
      }
      snapshots += text.components(separatedBy: "TerminalSnapshot(").count - 1
    }
    #expect(snapshots == 1, "one snapshot, in perform")
  }

  @Test func moreNJoinsTheRowsOfEveryPageItLoaded() async throws {
    let runner = makeRunner(FakeMovieSource(movieCount: 25))
    let result = await runner.execute(.morePages(3))
    guard case .pageLoaded(let added, let list)? = try? result.outcome.get() as? ListOutcome else {
      Issue.record("more 3 did not load pages: \(result.outcome)")
      return
    }
    #expect(added.range == 1...25)
    #expect(added.movies.map(\.title) == (1...25).map { "Movie \($0)" })
    #expect(added.numbered.map(\.row) == Array(1...25))
    #expect(list.loadedCount == 25 && list.isComplete)
  }
}

extension Browser {
  /// Where the loaded rows are stored: it changes only when they are copied.
  fileprivate var rowStorage: UInt? {
    list.movies.withUnsafeBufferPointer { $0.baseAddress.map { UInt(bitPattern: $0) } }
  }
}
