import Foundation
import TestSupport
import Testing

/// A minimum a filter adds is named on the first line of its answer, with the way to change
/// it: TMDb's `rating:` asks for 200 votes or more (`vote_count.gte=200`), and `votes:>N`
/// changes that. A rating outside 0 to 10 is refused in one sentence, before any request.
/// On the local TMDb, in script mode and in tmux at 100, 80, 60 and 40 columns.
@Suite(.timeLimit(.minutes(3))) struct FilterMinimumTests {
  private static func ratingRequests(_ server: TMDbTestServer) throws -> [TMDbTestServer.Request] {
    try server.requests(to: "/3/discover/movie").filter { $0.query["vote_average.gte"] != nil }
  }

  @Test func theVoteFloorIsNamedAndVotesChangesIt() async throws {
    let server = try await TMDbTestServer()
    defer { server.stop() }
    let run = try await MoviesRun.run(
      server.arguments(["--no-prefetch", "-c", "find rating:>8.5"]),
      environment: ["TMDB_API_KEY": TMDbTestServer.apiKey])
    #expect(run.status == 0, "\(run.stderr)")
    let first = try #require(run.stdout.split(separator: "\n").first)
    #expect(
      first.hasPrefix("Filtered by rating:>8.5, with 200 votes or more (votes:>N changes it): "),
      "\(run.stdout)")
    #expect(try Self.ratingRequests(server).map { $0.query["vote_count.gte"] } == ["200"])

    let fewer = try await MoviesRun.run(
      server.arguments(["--no-prefetch", "-c", "find rating:>8.5 votes:>50"]),
      environment: ["TMDB_API_KEY": TMDbTestServer.apiKey])
    #expect(fewer.status == 0, "\(fewer.stderr)")
    let line = try #require(fewer.stdout.split(separator: "\n").first)
    #expect(line.hasPrefix("Filtered by rating:>8.5 votes:>50: "), "\(fewer.stdout)")
    #expect(try Self.ratingRequests(server).last?.query["vote_count.gte"] == "51")
    let count = { (text: Substring) in
      Int(
        text.split(separator: ": ").last?.prefix { $0.isNumber || $0 == "," }.filter(\.isNumber)
          ?? "") ?? 0
    }
    #expect(count(line) > count(first), "fewer votes, more films: \(first) / \(line)")
  }

  @Test func aRatingOutsideZeroToTenIsRefusedInOneSentence() async throws {
    let server = try await TMDbTestServer(limit: 30)
    defer { server.stop() }
    let before = try server.requests().count
    let run = try await MoviesRun.run(
      server.arguments(["--no-prefetch", "-c", "find rating:>11"]),
      environment: ["TMDB_API_KEY": TMDbTestServer.apiKey])
    #expect(run.status != 0)
    #expect(
      run.stderr == "movies: 'rating:>11' is outside 0 to 10, where ratings are; use rating:>8 "
        + "or rating:7-8.\n"
        || run.stderr.hasSuffix(
          "'rating:>11' is outside 0 to 10, where ratings are; use rating:>8 or rating:7-8.\n"),
      "\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 1, "one sentence: \(run.stderr)")
    #expect(try Self.ratingRequests(server).isEmpty && server.requests().count >= before)
  }

  @Test(arguments: [100, 80, 60, 40])
  func aPersonReadsTheFloorOnTheFirstLine(width: Int) async throws {
    let server = try await TMDbTestServer()
    defer { server.stop() }
    let session = try TmuxSession(
      arguments: server.arguments(["--no-prefetch", "--no-preview"]),
      environment: ["TMDB_API_KEY": TMDbTestServer.apiKey], width: width, height: 50)
    defer { session.stop() }
    try await session.waitFor("popular 10/")
    try session.press("C-l")
    try session.type("find rating:>8.5\r")
    let screen = try await session.waitFor("Filtered by")
    try await session.waitUntil("the prompt") { TmuxSession.lastLine(of: $0).hasSuffix(">") }
    // The typed line folds at the edge at 40 columns: read the lines joined back.
    let words = try session.unfoldedScreen().split(whereSeparator: \.isWhitespace).joined(
      separator: " ")
    #expect(
      words.contains(
        "find rating:>8.5 Filtered by rating:>8.5, with 200 votes or more (votes:>N changes it)"),
      "the first line of the answer: \(screen)")
    try session.type("find rating:>11\r")
    let refused = try await session.waitFor("is outside 0 to 10")
    #expect(refused.components(separatedBy: "error:").count == 2, "one error: \(refused)")
  }
}
