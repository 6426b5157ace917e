import Foundation
import TestSupport
import Testing

/// Next-page prefetch, seen from the server's request log.
@Suite struct PrefetchTests {
  @Test func moreIsServedFromThePrefetchAndNothingIsAskedTwiceOrPastTheEnd() async throws {
    let server = try HoppinTestServer(limit: 25)
    defer { server.stop() }
    let session = try MoviesSession(["--api", server.apiURL.absoluteString])

    try await session.waitForOutput(containing: "Showing 10 of 25")
    #expect(try await Eventually.holds { try server.pageRequests() == [1, 2] })
    try session.send("more")
    try await session.waitForOutput(containing: "Showing 20 of 25")
    #expect(try await Eventually.holds { try server.pageRequests() == [1, 2, 3] })
    try session.send("more")
    try await session.waitForOutput(containing: "All 25 movies loaded.")
    try session.send("more")
    try session.send("list")
    let run = try await session.finish()

    #expect(run.status == 0)
    #expect(try server.pageRequests() == [1, 2, 3])
    #expect(try server.posterRequests().isEmpty, "thumbnails are never prefetched")
    let expected = try server.titles(page: 1) + server.titles(page: 2) + server.titles(page: 3)
    let firstPass = Array(run.tableRows.prefix(25))
    #expect(firstPass.map(\.number) == Array(1...25))
    for (row, title) in zip(firstPass, expected) {
      #expect(row.text.hasPrefix(title))
    }
  }
}
