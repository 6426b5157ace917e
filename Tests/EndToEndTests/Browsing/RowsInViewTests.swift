import Foundation
import TestSupport
import Testing

/// `find` loads pages as a cache but never moves where `more` goes next, and `thumb all`,
/// `list` and Tab act on the rows in view, not on every row a search loaded.
@Suite(.timeLimit(.minutes(3))) struct RowsInViewTests {
  /// The row ranges of the movie-list requests, failing the test if one is asked twice.
  private func requestedRanges(_ server: HoppinTestServer) throws -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    for request in try server.requests() where request.path == "/hoppin/movies" {
      let page = try #require(request.query["page"].flatMap(Int.init))
      let count = try #require(request.query["count"].flatMap(Int.init))
      let range = (page - 1) * count..<page * count
      #expect(!ranges.contains { $0.overlaps(range) }, "rows \(range) asked for twice")
      ranges.append(range)
    }
    return ranges
  }

  /// A prompt over HTTP that has run `find godfather`, which loaded all 2,006 rows.
  private func afterFindingGodfather(_ server: HoppinTestServer) async throws -> TmuxSession {
    let session = try TmuxSession(
      arguments: ["--api", server.apiURL.absoluteString, "--no-color"], height: 40)
    try await session.waitFor("movies 10/2,006>")
    try session.type("find godfather\r")
    try await session.waitFor("3 matches in 2,006 movies")
    return session
  }

  @Test func findThenMorePrintsRows11To20FromWhatIsLoadedWithNoRequest() async throws {
    let server = try await HoppinTestServer()
    defer { server.stop() }
    let session = try await afterFindingGodfather(server)
    defer { session.stop() }
    // The prompt counts the browsing position, which the search did not move.
    try await session.waitFor("movies 10/2,006>")
    let afterFind = try requestedRanges(server).count

    try session.type("more\r")
    let screen = try await session.waitFor("movies 20/2,006>")
    #expect(screen.contains("Showing 20 of 2,006 · more"))
    #expect(!screen.contains("already loaded"))
    let rows = screen.split(separator: "\n").compactMap { line in
      Int(line.prefix(4).trimmingCharacters(in: .whitespaces))
    }
    #expect(Array(rows.suffix(10)) == Array(11...20), "\(screen)")
    #expect(try requestedRanges(server).count == afterFind, "more made a request")
  }

  @Test func findThenThumbAllSavesTheThreeMatchesNotTheWholeList() async throws {
    let server = try await HoppinTestServer()
    defer { server.stop() }
    let session = try await afterFindingGodfather(server)
    defer { session.stop() }
    try session.type("thumb all\r")
    try await session.waitFor("Saved 3 thumbnails")
    let saved = try FileManager.default.contentsOfDirectory(
      atPath: session.home.appendingPathComponent("thumbnails").path)
    #expect(saved.sorted().map { $0.prefix(4) } == ["204-", "228-", "661-"], "\(saved)")
    let posters = try server.requests().filter { !$0.path.hasPrefix("/hoppin/") }
    #expect(posters.count == 3, "\(posters.map(\.path))")

    // Tab offers the rows in view: the matches.
    try session.type("show ")
    try session.press("Tab")
    try await session.waitFor("204")
    let screen = try session.screen()
    #expect(screen.contains("228") && screen.contains("661"))
  }

  @Test func listAfterAFullFindPrintsTheRowsShownNotEveryLoadedRow() async throws {
    let server = try await HoppinTestServer()
    defer { server.stop() }
    let run = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString], input: "find love\nlist\n")
    #expect(run.status == 0, "\(run.stderr)")
    let list = try #require(run.stdout.components(separatedBy: "matches in 2,006 movies").last)
    let rows = list.split(separator: "\n").compactMap { line in
      Int(line.prefix(4).trimmingCharacters(in: .whitespaces))
    }
    #expect(rows == Array(1...10))
    // A script's status line only counts: what to type next is for the prompt.
    #expect(list.contains("Showing 10 of 2,006\n"))
  }

  @Test func moreThanAHundredThumbnailsAskFirstAtThePrompt() async throws {
    let session = try TmuxSession(arguments: ["--no-color", "--no-pager"], height: 40)
    defer { session.stop() }
    try await session.waitFor("movies 10/2,006>")
    try session.type("more 11\r")
    try await session.waitFor("movies 120/2,006>")
    try session.type("list\r")
    try await session.waitFor("Showing 120 of 2,006")
    try session.type("thumb all\r")
    try await session.waitFor("Save 120 thumbnails? (y/N)")
    try session.type("n\r")
    try await session.waitFor("Nothing was saved.")
    try await session.waitFor("movies 120/2,006>")
    let thumbnails = session.home.appendingPathComponent("thumbnails")
    #expect(!FileManager.default.fileExists(atPath: thumbnails.path))
    try session.type("thumb 1-101\r")
    try await session.waitFor("Save 101 thumbnails? (y/N)")
    try session.type("y\r")
    try await session.waitFor("Saved 101 thumbnails", timeout: .seconds(60))
    #expect(try FileManager.default.contentsOfDirectory(atPath: thumbnails.path).count == 101)
  }

  @Test func aScriptMustNameMoreThanAHundredRows() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let refused = try await MoviesRun.run(
      ["-c", "more 11", "-c", "list", "-c", "thumb all"], workingDirectory: folder)
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("'thumb all' would save 120 thumbnails"), "\(refused.stderr)")
    #expect(
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("thumbnails").path))

    let named = try await MoviesRun.run(
      ["-c", "more 11", "-c", "thumb 1-120"], workingDirectory: folder)
    #expect(named.status == 0, "\(named.stderr)")
    #expect(named.stdout.contains("Saved 120 thumbnails"))
  }

  /// After `watchlist`, `pick` offers its entries as wN, and Enter shows the entry.
  @Test func pickAfterWatchlistOffersItsEntries() async throws {
    let picker = try StandInPicker()
    defer { picker.remove() }
    let session = try TmuxSession(
      arguments: ["--no-pager", "--no-preview"], environment: ["PATH": picker.path()])
    defer { session.stop() }
    try await session.waitFor("movies 10/")
    for line in ["watch 2", "watch 4", "watchlist", "pick general"] {
      try session.type(line)
      try session.press("Enter")
    }
    let shown = try await session.waitUntil("the entry shown") {
      $0.contains("Movie ID") && TmuxSession.lastLine(of: $0).hasSuffix("movies 10/2,006>")
    }
    let fzf = try #require(try picker.run())
    #expect(fzf.lines.map { $0.split(separator: "\t").last?.prefix(4) } == ["w1  ", "w2  "])
    #expect(fzf.chosen.contains("The General"))
    #expect(shown.contains("On the watchlist"), "show w1, not row 1: \(shown)")
  }

  /// After `watchlist`, its entries are in view: `thumb all` saves each as `wN`, and an entry
  /// from another source fails alone, since only that source loads its thumbnail.
  @Test func thumbAllAfterWatchlistSavesItsEntries() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = ["MOVIES_DB": folder.appendingPathComponent("movies.sqlite3").path]
    let server = try await HoppinTestServer(limit: 25)
    defer { server.stop() }
    let elsewhere = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString, "-c", "watch 2"], environment: database)
    #expect(elsewhere.status == 0, "\(elsewhere.stderr)")

    let run = try await MoviesRun.run(
      ["-c", "watch 3", "-c", "watch 5", "-c", "watchlist", "-c", "thumb all"],
      environment: database, workingDirectory: folder)
    #expect(run.status == 1, "w3 failed: \(run.stderr)")
    #expect(run.stdout.contains("Saved 2 of 3 thumbnails"), "\(run.stdout)")
    #expect(run.stderr.contains("Entry w3 comes from \(server.apiURL.absoluteString)"))
    let files = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("thumbnails").path)
    #expect(files.sorted().map { $0.prefix(3) } == ["w1-", "w2-"], "\(files)")
  }
}
