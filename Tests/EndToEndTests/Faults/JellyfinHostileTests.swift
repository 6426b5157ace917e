import Foundation
import TestSupport
import Testing

/// The local Jellyfin's fault switches: pages of unusable films, thousands of users, a
/// search that claims more results than it has. Each costs a few lines and a bounded number
/// of requests, not one line per item or one request per `--count` films.
@Suite(.timeLimit(.minutes(3))) struct JellyfinHostileTests {
  private static let token = ["JELLYFIN_TOKEN": JellyfinTestServer.apiKey]

  private func run(
    _ server: JellyfinTestServer, _ commands: [String], extra: [String] = [],
    user: String = "alice"
  ) async throws -> MoviesRun {
    try await MoviesRun.run(
      [
        "--source", "jellyfin", "--api", server.baseURL.absoluteString, "--jellyfin-user", user,
        "--no-prefetch",
      ] + extra + commands.flatMap { ["-c", $0] },
      environment: Self.token)
  }

  /// The program's search requests: `/Items` with a `SearchTerm` (the oracle's carry another
  /// client name).
  private func searches(_ server: JellyfinTestServer) throws -> [JellyfinTestServer.Request] {
    try server.itemRequests().filter {
      $0.query["SearchTerm"] != nil && $0.authorization?["Client"] != "oracle"
    }
  }

  @Test func unusableItemsAreNamedTenAPageAndTheRestCounted() async throws {
    let server = try await JellyfinTestServer(limit: 60, extraArguments: ["--unusable-items"])
    let run = try await run(server, ["more", "more"], extra: ["--count", "25"])
    let lines = run.stderr.split(separator: "\n")
    let named = lines.filter { $0.contains("of the page has no usable id or name") }
    // Three pages, of 25, 25 and 10 films, none usable: ten named on each.
    #expect(named.count == 30, "\(run.stderr.prefix(2_000))")
    #expect(!run.stderr.contains("Item 11 of the page"))
    let counted = lines.filter { $0.contains("Skipped 15 more items of the page") }
    #expect(counted.count == 2, "\(run.stderr.prefix(2_000))")
    #expect(lines.count <= 35, "\(lines.count) lines")
  }

  @Test func noSuchUserNamesAFewUsersAndCountsTheRest() async throws {
    let server = try await JellyfinTestServer(limit: 10, extraArguments: ["--extra-users", "3000"])
    let run = try await run(server, ["list"], user: "mallory")
    #expect(run.status == 2, "\(run.stderr.prefix(500))")
    #expect(
      run.stderr.contains(
        "no user 'mallory'; its users are alice, bob, user-00000, user-00001, user-00002 "
          + "and 2,997 more."), "\(run.stderr.prefix(500))")
    #expect(run.stderr.utf8.count < 400, "\(run.stderr.utf8.count) bytes")
  }

  @Test func aServerSearchAsksForPagesOfTwoHundred() async throws {
    let server = try await JellyfinTestServer(limit: 900)
    let run = try await run(server, ["find e"], extra: ["--count", "10"])
    #expect(run.status == 0, "\(run.stderr)")
    let matches = try await server.names(
      query: "IncludeItemTypes=Movie&Recursive=true&SearchTerm=e")
    #expect(matches.count > 400, "the search spans several pages of 200")
    let searches = try searches(server)
    #expect(searches.allSatisfy { $0.query["Limit"] == "200" }, "\(searches.map(\.query))")
    #expect(
      searches.map { $0.query["StartIndex"] ?? "" }.sorted()
        == stride(from: 0, to: matches.count, by: 200).map(String.init).sorted())
    #expect(run.stdout.contains("f\(matches.count) "), "every match numbered")
  }

  @Test func aSearchThatClaimsAMillionResultsStopsAfterThreePagesWithNothingNew()
    async throws
  {
    let server = try await JellyfinTestServer(
      limit: 300, extraArguments: ["--lying-total", "1000000"])
    let run = try await run(server, ["find e"], extra: ["--count", "10"])
    #expect(run.stderr.contains("pages in a row with no movie that was not listed already"))
    let searches = try searches(server)
    // The real pages, three that add nothing, and at most the others asked for with them.
    #expect(searches.count <= 2 + 3 + 2, "\(searches.count) requests")
    #expect(searches.allSatisfy { $0.query["Limit"] == "200" })
  }
}
