import Foundation
import TestSupport
import Testing

/// A server that dies mid-session and comes back: `more` fails cleanly while it is down and
/// resumes exactly where it left off once it is back.
@Suite(.timeLimit(.minutes(1))) struct FaultRecoveryTests {
  @Test func moreResumesWhereItLeftOffWhenTheServerComesBack() async throws {
    let first = try await HoppinTestServer(limit: 25)
    let port = try #require(first.baseURL.port)
    // --no-prefetch: page 3 must be asked for by `more`, not fetched ahead before the server dies.
    let session = try MoviesSession(
      ["--no-prefetch", "--api", first.apiURL.absoluteString, "--timeout", "2"])

    session.send("more")
    try await session.waitUntil("page 2") { out, _ in out.contains("Showing 20 of 25") }
    first.stop()

    session.send("more")
    try await session.waitUntil("the first failure") { _, err in
      err.components(separatedBy: "error: ").count == 2
    }
    session.send("more")
    try await session.waitUntil("the second failure") { _, err in
      err.components(separatedBy: "error: ").count == 3
    }

    let second = try await HoppinTestServer(limit: 25, extraArguments: ["--port", String(port)])
    defer { second.stop() }
    session.send("more")
    let run = try await session.finish()

    #expect(run.status == 1, "two commands failed")
    #expect(try first.pageRequests() == [1, 2])
    #expect(try second.pageRequests() == [3], "the page after the last one loaded, and only it")
    let errors = FaultChecks.errors(run)
    #expect(errors.count == 2)
    for error in errors {
      #expect(error.contains("Could not load page 3: the server refused the connection"))
      #expect(error.contains("3 attempts"))
    }
    FaultChecks.expectCompleteList(run, titles: try await FaultChecks.expectedTitles(limit: 25))
    #expect(run.stdout.contains("All 25 movies loaded."))
    FaultChecks.expectNoRawControlBytes(run)
  }
}
