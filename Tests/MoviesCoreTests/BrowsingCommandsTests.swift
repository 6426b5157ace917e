import Foundation
import Synchronization
import Testing

@testable import MovieSources
@testable import MoviesCore

/// `genre`, `order`, `genres`, `find` and `open`, over an offline catalogue written for the
/// test, so every expected value comes from the catalogue text below.
@Suite(.timeLimit(.minutes(1))) struct BrowsingCommandsTests {
  /// File order: Amélie, 기생충, Up, Heat, Élite. Genres: 1 Drama, 2 Comédie.
  private static let catalogue = """
    {"hoppin":{"totalCount":"5","movies":{"movie":[
      {"movieId":"1","title":"Amélie","genreNames":"Comédie","releaseDate":"2001",
       "ratingAverage":"8.3","linkUrl":"https://movies.example/amelie"},
      {"movieId":"2","title":"기생충","genreNames":"Drama","releaseDate":"2019","ratingAverage":"8.6",
       "linkUrl":"file:///etc/passwd"},
      {"movieId":"3","title":"Up","genreNames":"Comédie","releaseDate":"2009","ratingAverage":"8.2"},
      {"movieId":"4","title":"Heat","genreNames":"Drama","releaseDate":"1995","ratingAverage":"8.3"},
      {"movieId":"5","title":"Élite","genreNames":"Drama","releaseDate":"2018","ratingAverage":"7.5"}
    ]}}}
    """
  private static let genres =
    #"{"genres":[{"genreId":"1","genreName":"Drama"},{"genreId":"2","genreName":"Comédie"}]}"#

  /// Records the links it is asked to open.
  private final class RecordingOpener: LinkOpener {
    let opened = Mutex<[URL]>([])
    func open(_ url: URL) async -> Bool {
      opened.withLock { $0.append(url) }
      return true
    }
  }

  private func withRunner(
    pageSize: Int = 2, opener: (any LinkOpener)? = nil,
    _ body: (CommandRunner, OfflineCatalogue) async throws -> Void
  ) async throws {
    try await TemporaryFolder.with { folder in
      try Data(Self.catalogue.utf8).write(to: folder.appendingPathComponent("catalogue.json"))
      try Data(Self.genres.utf8).write(to: folder.appendingPathComponent("genres.json"))
      let catalogue = OfflineCatalogue(folder: folder)
      let store = ThumbnailStore(
        downloadFolder: folder.appendingPathComponent("downloads"),
        cacheFolder: folder.appendingPathComponent("cache"))
      let runner = CommandRunner(
        testing: catalogue, query: MovieQuery(pageSize: pageSize), prefetches: true,
        thumbnails: store, genreSource: catalogue, linkOpener: opener)
      try await body(runner, catalogue)
    }
  }

  private func outcome(_ result: CommandResult) throws -> any CommandOutcome {
    try result.outcome.get()
  }

  @Test func genreByNameIgnoringCaseAndAccentsRestartsTheList() async throws {
    try await withRunner { runner, _ in
      _ = await runner.execute(.more)
      _ = await runner.execute(.more)

      let result = await runner.execute(.genre("comedie"))

      guard case .restarted(let added, let list)? = try outcome(result) as? ListOutcome else {
        Issue.record("genre did not restart the list: \(result.outcome)")
        return
      }
      #expect(list.query.genreID == "2")
      #expect(list.query.pageSize == 2)
      #expect(added.movies.map(\.title) == ["Amélie", "Up"])
      #expect(added.range == 1...2)
      #expect(list.isComplete)
    }
  }

  @Test func genreByIDAndAllNeedNoGenreList() async throws {
    try await withRunner { runner, _ in
      let drama = try outcome(await runner.execute(.genre("1")))
      guard case .restarted(_, let list)? = drama as? ListOutcome else {
        throw Failure.unexpected(drama)
      }
      #expect(list.query.genreID == "1")
      #expect(list.totalCount == 3)

      let all = try outcome(await runner.execute(.genre("ALL")))
      guard case .restarted(_, let everything)? = all as? ListOutcome else {
        throw Failure.unexpected(all)
      }
      #expect(everything.query.genreID == "")
      #expect(everything.totalCount == 5)
    }
  }

  @Test func aGenresBeginningRestartsTheListAndATypoIsAskedAbout() async throws {
    try await withRunner { runner, _ in
      let restarted = try outcome(await runner.execute(.genre("dram")))
      guard case .restarted(_, let list)? = restarted as? ListOutcome else {
        throw Failure.unexpected(restarted)
      }
      #expect(list.query.genreID == "1")
      let typo = await runner.execute(.genre("drma"))
      #expect(throws: CommandRunner.Error.unclearGenre("drma", .nearMiss("Drama"))) {
        try typo.outcome.get()
      }
      #expect(
        CommandRunner.Error.unclearGenre("drma", .nearMiss("Drama")).message
          == "There is no genre 'drma'; did you mean 'Drama'?")
      #expect(await runner.browser.list.query.genreID == "1", "the list stays")
    }
  }

  @Test func findWithAGenreNoGenreHoldsSaysSoBeforeSearching() async throws {
    try await withRunner { runner, _ in
      _ = await runner.execute(.more)
      let result = await runner.execute(.find("genre:horror"))
      #expect(throws: CommandRunner.Error.unknownGenre("horror", known: ["Drama", "Comédie"])) {
        try result.outcome.get()
      }
      #expect(await runner.browser.list.movies.count == 2, "nothing more was loaded")
      // A beginning of a genre's name still filters, accents and case aside.
      let found = try outcome(await runner.execute(.find("genre:COM")))
      guard let matches = found as? FindResult else { throw Failure.unexpected(found) }
      #expect(matches.failure == nil)
    }
  }

  @Test func anUnknownGenreNamesTheKnownOnesAndKeepsTheList() async throws {
    try await withRunner { runner, _ in
      _ = await runner.execute(.more)
      let result = await runner.execute(.genre("Western"))

      #expect(throws: CommandRunner.Error.unknownGenre("Western", known: ["Drama", "Comédie"])) {
        try result.outcome.get()
      }
      #expect(await runner.browser.list.movies.count == 2)
    }
  }

  @Test func genreNamesWithoutAGenreSourceSayToUseAnID() async throws {
    try await withRunner { runner, _ in
      let bare = CommandRunner(browser: runner.browser, thumbnails: runner.thumbnails)
      let byName = await bare.execute(.genre("Drama"))
      let list = await bare.execute(.genres)
      #expect(throws: CommandRunner.Error.noGenreList) { try byName.outcome.get() }
      #expect(throws: CommandRunner.Error.noGenreList) { try list.outcome.get() }
    }
  }

  @Test func orderRestartsTheListInTheNewOrder() async throws {
    try await withRunner(pageSize: 5) { runner, _ in
      _ = await runner.execute(.more)
      let result = try outcome(await runner.execute(.order("releasedatedesc")))

      guard case .restarted(let added, let list)? = result as? ListOutcome else {
        throw Failure.unexpected(result)
      }
      #expect(list.query.order == "releasedatedesc")
      #expect(added.movies.map(\.releaseDate) == ["2019", "2018", "2009", "2001", "1995"])
    }
  }

  @Test func genresListsTheCatalogueGenresAndMarksTheCurrentOne() async throws {
    try await withRunner { runner, _ in
      _ = await runner.execute(.genre("Drama"))
      let result = try outcome(await runner.execute(.genres))

      guard let listed = result as? GenresListed else { throw Failure.unexpected(result) }
      let (genres, current) = (listed.genres, listed.current)
      #expect(genres == [Genre(id: "1", name: "Drama"), Genre(id: "2", name: "Comédie")])
      #expect(current == "1")
      let text = TextRenderer(layout: .init(width: 80, palette: .plain)).render(
        CommandResult(outcome: .success(result)))
      #expect(text.output.contains("Drama *"))
      #expect(!text.output.contains("Comédie *"))
    }
  }

  @Test func findEchoesWhatWasTypedEscaped() {
    let list = ListStatus(query: MovieQuery())
    let text = TextRenderer(layout: .init(width: 80, palette: .plain)).render(
      CommandResult(
        outcome: .success(
          FindResult(text: "\u{1B}[2Jgone", matches: [], list: list, elapsed: .zero))))

    #expect(text.output.hasPrefix("No movie matches '^[[2Jgone' in 0 movies"))
    #expect(!text.output.contains("\u{1B}"))
  }

  @Test func genreNamesFromTheServerReachTheTerminalEscaped() {
    let hostile = [Genre(id: "7\u{1B}[2J", name: "Evil\u{1B}]0;pwned\u{07}\u{9B}")]
    let text = TextRenderer(layout: .init(width: 80, palette: .plain)).render(
      CommandResult(outcome: .success(GenresListed(genres: hostile, current: ""))))

    #expect(text.output.contains("Evil^[]0;pwned^G"))
    let controls = text.output.unicodeScalars.filter {
      $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value))
    }
    #expect(controls.isEmpty, "\(controls.map(\.value))")
  }

  @Test(arguments: [
    ("ELITE", ["Élite"]), ("amelie", ["Amélie"]), ("기생", ["기생충"]), ("ｈｅａｔ", ["Heat"]),
    ("e", ["Amélie", "Heat", "Élite"]), ("genre:comédie", ["Amélie", "Up"]),
    ("genre:COMEDIE u", ["Up"]), ("year:2000-2010", ["Amélie", "Up"]), ("year:1995", ["Heat"]),
    ("rating:>8.2", ["Amélie", "기생충", "Heat"]), ("rating:<8 e", ["Élite"]),
    ("rating:8.2-8.3 year:-2005", ["Amélie", "Heat"]), ("nothing", []), ("amelie heat", []),
  ])
  func findSearchesTheWholeListKeepingRowNumbers(text: String, titles: [String]) async throws {
    // Two rows a page: the first page is loaded, find loads the rest.
    try await withRunner(pageSize: 2) { runner, _ in
      _ = await runner.execute(.more)
      let result = try outcome(await runner.execute(.find(text)))

      guard let found = result as? FindResult else { throw Failure.unexpected(result) }
      let matches = found.matches
      #expect(found.list.isComplete && found.list.loadedCount == 5)
      let list = await runner.browser.list
      #expect(
        found.summary.hasPrefix(
          titles.isEmpty ? "No movie matches '\(text)' in 5 movies" : "\(titles.count) match")
      )
      // The rows where the expected movies are, in list order.
      let rows = list.movies.indices.filter { titles.contains(list.movies[$0].title) }.map {
        $0 + 1
      }
      #expect(matches.map(\.row) == rows)
      for match in matches { #expect(list.movie(atRow: match.row) == match.movie) }
    }
  }

  @Test func openHandsOnlyWebLinksToTheOpener() async throws {
    let opener = RecordingOpener()
    try await withRunner(pageSize: 5, opener: opener) { runner, _ in
      _ = await runner.execute(.more)

      let list = await runner.browser.list
      let rowOf = { (title: String) in (list.movies.firstIndex { $0.title == title } ?? -1) + 1 }
      let web = try outcome(await runner.execute(.act(.open, RowLabel(rowOf("Amélie")))))
      let file = try outcome(await runner.execute(.act(.open, RowLabel(rowOf("기생충")))))

      guard let webLink = web as? LinkShown, let fileLink = file as? LinkShown
      else { throw Failure.unexpected(web) }
      let (link, opened, fileOpened) = (webLink.link, webLink.opening, fileLink.opening)
      #expect(link == "https://movies.example/amelie")
      #expect(opened == .opened)
      #expect(fileOpened == .refusedScheme, "a file: link is printed, never opened")
      #expect(opener.opened.withLock { $0.map(\.absoluteString) } == [link])
      let noLink = await runner.execute(.act(.open, RowLabel(rowOf("Up"))))
      #expect(throws: CommandRunner.Error.noLink(row: RowLabel(rowOf("Up")))) {
        try noLink.outcome.get()
      }
    }
  }

  @Test func openWithoutAnOpenerPrintsTheLink() async throws {
    try await withRunner(pageSize: 5) { runner, _ in
      _ = await runner.execute(.more)
      let row = (await runner.browser.list.movies.firstIndex { $0.title == "Amélie" } ?? -1) + 1
      let reply = await runner.run(
        .act(.open, RowLabel(row)), layout: .init(width: 80, palette: .plain))
      #expect(
        reply.output
          == "Not opened: xdg-open is not installed. The link: https://movies.example/amelie\n")
    }
  }

  private enum Failure: Error {
    case unexpected(any CommandOutcome)
  }
}
