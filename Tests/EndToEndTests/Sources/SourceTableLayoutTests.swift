import Foundation
import TestSupport
import Testing

/// The release binary on TMDb and Jellyfin, as a script: a table at 60 columns keeps the
/// titles, `genres` shows the ids people type whole and leaves out the ones nobody types, and
/// a query without films prints no header.
@Suite(.timeLimit(.minutes(2))) struct SourceTableLayoutTests {
  private func tmdb(
    _ server: TMDbTestServer, _ arguments: [String], input: String, columns: Int = 100
  )
    async throws -> MoviesRun
  {
    let cache = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: cache) }
    return try await MoviesRun.run(
      server.arguments(arguments), input: input,
      environment: server.environment(cache: cache, adding: ["COLUMNS": String(columns)]))
  }

  @Test func sixtyColumnsKeepThirtyOfATitleBesideGenresAndTheYear() async throws {
    let server = try await TMDbTestServer()
    let run = try await tmdb(server, [], input: "list\n", columns: 60)
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    let header = try #require(lines.first { $0.contains("Title") })
    #expect(header.contains("Genres") && header.contains("Year"), "\(header)")
    let row = try #require(lines.first { $0.contains("Lord of the Rings") })
    // 30 columns of the title, not "Lord of the Rings: The…".
    #expect(row.contains("Lord of the Rings: The Fellows"), "\(row)")
    #expect(row.contains("2001") && !row.contains("2001-"), "\(row)")
    // The row numbers take the two columns of "10", not five for TMDb's 10,000.
    #expect(header.hasPrefix(" #  "), "'\(header)'")
    let titleAt = try #require(header.range(of: "Title")).lowerBound
    #expect(header.distance(from: header.startIndex, to: titleAt) <= 6, "'\(header)'")
    for line in lines { #expect(line.count <= 60, "\(line)") }
  }

  @Test func tmdbGenresShowTheirIdsWhole() async throws {
    let server = try await TMDbTestServer(limit: 100)
    let run = try await tmdb(server, [], input: "genres\n")
    #expect(run.status == 0, "\(run.stderr)")
    for line in ["10751  Family", "10402  Music", "  878  Science Fiction", "   28  Action"] {
      #expect(run.stdout.contains(line), "'\(line)' in:\n\(run.stdout)")
    }
    #expect(!run.stdout.contains("…"))
  }

  @Test func jellyfinGenresAreNamesWithoutTheirGUIDs() async throws {
    let server = try await JellyfinTestServer(limit: 40)
    let run = try await MoviesRun.run(
      ["--source", "jellyfin", "--api", server.baseURL.absoluteString], input: "genres\n",
      environment: ["JELLYFIN_TOKEN": JellyfinTestServer.bobToken, "COLUMNS": "100"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("\nDrama\nRomance\n"), "\(run.stdout)")
    #expect(!run.stdout.contains("…"))
    // No id nobody types: no run of hex digits before a name.
    #expect(run.stdout.firstMatch(of: /(?m)^\s*[0-9a-f]{6,}/) == nil, "\(run.stdout)")
  }

  @Test func aQueryWithoutFilmsPrintsNoHeader() async throws {
    let server = try await TMDbTestServer(limit: 100)
    // TV Movie: no film of the test catalogue has it.
    let run = try await tmdb(server, ["--genre", "10770"], input: "list\n")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("No movies match"), "\(run.stdout)")
    #expect(!run.stdout.contains("Title"), "\(run.stdout)")
  }
}
