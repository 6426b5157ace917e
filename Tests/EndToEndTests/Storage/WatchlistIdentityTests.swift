import Foundation
import TestSupport
import Testing

/// A watchlist entry is its source plus the movie's id, and `wN` keep the meaning the last
/// `watchlist` listing gave them.
@Suite(.timeLimit(.minutes(2))) struct WatchlistIdentityTests {
  @Test func unwatchW1ThenW2RemovesWhatTheListingCalledW2() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let environment = ["MOVIES_DB": folder.appendingPathComponent("movies.sqlite3").path]
    let first = try await MoviesRun.run(["-c", "list"], environment: ["MOVIES_DB": "/dev/null"])
    let titles = first.tableRows.map { $0.text.components(separatedBy: "  ").first ?? "" }
    try #require(titles.count == 10)

    // Newest first: w1 is row 4, w2 row 3, w3 row 2 (short titles, not cut in the table).
    let run = try await MoviesRun.run(
      [
        "-c", "watch 2", "-c", "watch 3", "-c", "watch 4", "-c", "watchlist", "-c", "unwatch w1",
        "-c", "unwatch w2", "-c", "watchlist",
      ], environment: environment)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("Took \"\(titles[3])\" off the watchlist."))
    #expect(run.stdout.contains("Took \"\(titles[2])\" off the watchlist."), "\(run.stdout)")
    let last = try #require(run.stdout.components(separatedBy: "#  Title").last)
    #expect(last.contains("w1  \(titles[1])"))
    #expect(last.contains("1 movie on the watchlist"))
  }

  @Test func theSameMovieWatchedOfflineAndOverHTTPIsTwoEntriesSaidApart() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let environment = ["MOVIES_DB": folder.appendingPathComponent("movies.sqlite3").path]
    let server = try await HoppinTestServer(limit: 25)
    defer { server.stop() }
    let offline = try await MoviesRun.run(["-c", "watch 1"], environment: environment)
    #expect(offline.status == 0, "\(offline.stderr)")
    let http = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString, "-c", "watch 1", "-c", "watchlist"],
      environment: environment)
    #expect(http.status == 0, "\(http.stderr)")
    let lines = http.stdout.split(separator: "\n").map(String.init)
    let header = try #require(lines.first { $0.contains("#  Title") && $0.contains("From") })
    let entries = lines.filter { $0.hasPrefix("w1 ") || $0.hasPrefix("w2 ") }
    try #require(entries.count == 2, "\(http.stdout)")
    let host = try #require(server.apiURL.host).appending(":\(server.apiURL.port ?? 0)")
    #expect(entries[0].hasSuffix(host), "newest first, from the server: \(entries[0])")
    #expect(entries[1].hasSuffix("offline"), "\(entries[1])")
    // The From column starts where its header does.
    let column = try #require(header.range(of: "From")).lowerBound.utf16Offset(in: header)
    #expect(entries[1].utf16.count - "offline".utf16.count == column)
  }
}
