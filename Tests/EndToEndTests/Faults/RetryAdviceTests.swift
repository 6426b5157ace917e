import Foundation
import TestSupport
import Testing

/// Messages that say what happened and what to type: a search that could not reach the
/// server says so (not "no movie matches … among 0"), a failed `show 2` or `thumb 2` names the
/// row to try again, and a film without a poster in `thumb N-M` is counted apart from the
/// failures and is no failure. Through the binary against the local TMDb and Jellyfin.
@Suite(.timeLimit(.minutes(3))) struct RetryAdviceTests {
  private func run(
    _ server: TMDbTestServer, _ commands: [String], json: Bool = false, count: Int = 10
  ) async throws -> MoviesRun {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await MoviesRun.run(
      server.arguments(
        [
          "--no-prefetch", "--retries", "0", "--count", String(count), "--download-dir",
          folder.appendingPathComponent("t").path,
        ] + (json ? ["--json"] : []))
        + commands.flatMap { ["-c", $0] },
      environment: server.environment(cache: folder))
  }

  @Test func aSearchTheServerCouldNotAnswerSaysItSearchedNothing() async throws {
    let server = try await TMDbTestServer(
      limit: 30, extraArguments: ["--fail", "/3/search", "--fail-status", "503"])
    let run = try await run(server, ["find alien"])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(try server.requests(to: "/3/search/movie").count == 1, "the search was asked for")
    // One message for one failure (issue 42): the error line, not a summary beside it.
    #expect(!run.stdout.contains("Could not"), "\(run.stdout)")
    #expect(!run.stdout.contains("No movie matches"), "\(run.stdout)")
    #expect(run.stderr.contains("Type 'find alien' to try again."), "\(run.stderr)")
  }

  @Test func aFailedShowNamesTheRowToTryAgain() async throws {
    let server = try await TMDbTestServer(
      limit: 30, extraArguments: ["--fail", "/3/movie/", "--fail-status", "503"])
    let run = try await run(server, ["show 2"])
    #expect(
      try server.requests().contains { $0.path.hasPrefix("/3/movie/") },
      "the details were asked for")
    #expect(run.stderr.contains("Try 'show 2' again in a moment."), "\(run.stderr)")
    #expect(!run.stderr.contains("Try 'show' again"), "\(run.stderr)")
  }

  @Test func aFailedThumbNamesTheRowToTryAgain() async throws {
    let server = try await TMDbTestServer(
      limit: 30, extraArguments: ["--fail", "/t/p/", "--fail-status", "503"])
    let results = try await server.results()
    let row = try #require(results.firstIndex { $0["poster_path"] is String }) + 1
    let run = try await run(server, ["thumb \(row)"])
    #expect(run.status == 1)
    #expect(try server.posterRequests().count == 1, "the poster was asked for")
    #expect(run.stderr.contains("Try 'thumb \(row)' again in a moment."), "\(run.stderr)")
  }

  /// A film TMDb has no poster for is said and counted apart; the batch exits 0 when that is
  /// all that went wrong, in text and in JSON.
  @Test func aFilmWithoutAPosterInABatchIsNoFailure() async throws {
    let server = try await TMDbTestServer(limit: 60)
    let results = try await server.results()
    let without = try #require(results.firstIndex { $0["poster_path"] is NSNull }) + 1
    try #require(without <= 20, "TMDb's first page has a film without a poster")
    let with = (1...20).filter { results[$0 - 1]["poster_path"] is String }
    let range = "thumb 1-20"
    let text = try await run(server, [range], count: 20)
    #expect(text.status == 0, "\(text.stderr)")
    let missing = 20 - with.count
    #expect(
      text.stdout.contains("Saved \(with.count) of 20 thumbnails"), "\(text.stdout)")
    #expect(text.stdout.contains("\(missing) without a poster"), "\(text.stdout)")
    #expect(!text.stdout.contains("failed"), "\(text.stdout)")
    #expect(text.stderr.contains("Row \(without): TMDb has no poster for this film."))
    #expect(!text.stderr.contains("error:"), "\(text.stderr)")
    #expect(try server.posterRequests().count == with.count)

    let json = try await run(server, [range], json: true, count: 20)
    #expect(json.status == 0, "\(json.stderr)")
    let last = try #require(json.stdout.split(separator: "\n").last)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
    #expect(object["ok"] as? Bool == true, "\(last)")
    #expect((object["failed"] as? [Any])?.isEmpty == true, "\(last)")
    let rows = (object["withoutPoster"] as? [[String: Any]])?.compactMap { $0["row"] as? Int }
    #expect(rows?.contains(without) == true, "\(last)")
  }
}
