import Foundation
import MovieSources
import MoviesCore
import TestSupport
import Testing

@testable import movies

/// Every failure reaches the user through one reporter: the core's sentence with the
/// program's advice naming its flag, the same words on standard error and in `--json`.
@Suite(.timeLimit(.minutes(1))) struct ErrorReportTests {
  static let advice = Reporter.advice(for: .sourceAddress(HoppinClient.server.address))

  @Test func aWrongAddressNamesTheFlagInTextAndInJSON() async throws {
    let server = try await HoppinTestServer(limit: 25)
    defer { server.stop() }
    // The server answers 404 for any other path.
    let wrong = server.baseURL.appendingPathComponent("nothing/movies").absoluteString

    let text = try await MoviesRun.run(["--api", wrong, "--retries", "0", "-c", "list"])
    let json = try await MoviesRun.run(
      ["--api", wrong, "--retries", "0", "--json", "-c", "list"])

    #expect(text.status == 1)
    #expect(json.status == 1, "the exit status does not depend on --json")
    let sentence =
      "Could not load page 1: the server answered HTTP 404 (\"not found: /nothing/movies\"). "
      + Self.advice
    #expect(text.stderr.split(separator: "\n").first == "error: \(sentence)", "\(text.stderr)")
    let first = try #require(json.stdout.split(separator: "\n").first)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
    let error = try #require(object["error"] as? [String: Any])
    #expect(error["message"] as? String == sentence)
    #expect(error["code"] as? String == "source")
    #expect(json.stderr.isEmpty, "with --json nothing goes to standard error: \(json.stderr)")
  }

  @Test func aStartupFailureOfTheSourceExitsOneAndAUsageErrorTwo() async throws {
    let server = try await HoppinTestServer(limit: 25)
    defer { server.stop() }
    // The genres cannot be loaded: not the command line's fault, so 1, not 2.
    let unreachable = try await MoviesRun.run(
      ["--api", "http://127.0.0.1:9/hoppin/movies", "--genre", "Drama", "-c", "list"])
    let unknown = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString, "--genre", "Nosuchgenre", "-c", "list"])

    #expect(unreachable.status == 1, "\(unreachable.stderr)")
    #expect(unreachable.stderr.hasPrefix("movies: --genre: Could not load the genre list"))
    #expect(!unreachable.stderr.contains("movies --help"))
    #expect(unknown.status == 2, "\(unknown.stderr)")
    #expect(unknown.stderr.hasPrefix("movies: --genre: There is no genre 'Nosuchgenre'"))
    #expect(unknown.stderr.hasSuffix(".\nSee 'movies --help'.\n"), "\(unknown.stderr)")

    // No genre list on the server: a name cannot be looked up, so the flag wants a number.
    let noList = try await MoviesRun.run(
      [
        "--api", server.baseURL.appendingPathComponent("elsewhere/movies").absoluteString,
        "--genre", "Drama", "-c", "list",
      ])
    #expect(noList.status == 2, "\(noList.stderr)")
    #expect(noList.stderr.hasPrefix("movies: --genre: the source has no list of genre names"))
    #expect(noList.stderr.contains("(--genre 4)"), "\(noList.stderr)")
  }

  /// The behaviour reference (docs/behaviour.md, the README's JSON part is short) names every
  /// code scripts may meet (the unit tests pin the same list to ErrorCode) and quotes the
  /// advice the program prints.
  @Test func theReferenceNamesEveryCodeAndQuotesTheAdvice() throws {
    let reference = try String(
      contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/behaviour.md"),
      encoding: .utf8)
    for code in ErrorCode.allCases.map(\.rawValue) {
      #expect(reference.contains("`\(code)`"), "docs/behaviour.md names \(code)")
    }
    #expect(reference.replacingOccurrences(of: "\n", with: " ").contains(Self.advice))
  }
}
