import Foundation
import TestSupport
import Testing

/// A server whose list never ends: `find` stops at its bound with an error that says so,
/// keeps what it loaded, and never saves that as the depth to resume.
@Suite(.timeLimit(.minutes(6))) struct LyingListTests {
  private func find(on server: HoppinTestServer) async throws -> MoviesRun {
    try await MoviesRun.runMeasuringMemory(
      ["--api", server.apiURL.absoluteString, "--no-prefetch", "-c", "find nothing-like-this"],
      timeout: .seconds(300))
  }

  @Test(arguments: ["endless-list", "growing-total"])
  func aListThatNeverEndsStopsAtTheRowLimit(kind: String) async throws {
    let server = try await HoppinTestServer(limit: 100, extraArguments: ["--fault", kind])
    defer { server.stop() }
    let run = try await find(on: server)

    #expect(run.status == 1)
    // A count that changes with every page is also warned about (20 lines and a count).
    let errors = run.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }
    #expect(errors.count == 1, "\(run.stderr)")
    #expect(
      errors.first?.contains("find stopped before loading more than 1,000,000 movies, the most")
        == true, "\(run.stderr)")
    #expect(run.stdout.contains("; the list does not end."), "\(run.stdout)")
    // 640 rows a request (64 pages of 10): about 1,563 requests, then no more.
    let pages = try server.pageRequests()
    #expect(pages.count < 1_600, "\(pages.count) requests")
    #expect(run.peakResidentBytes < 1_200 << 20, "\(run.peakResidentBytes) bytes")
  }

  @Test func theSamePageForeverStopsAfterThreePagesWithNothingNew() async throws {
    let server = try await HoppinTestServer(limit: 100, extraArguments: ["--fault", "same-page"])
    defer { server.stop() }
    let run = try await find(on: server)

    #expect(run.status == 1)
    #expect(
      run.stderr.contains("The server sent 3 pages in a row with no movie that was not listed"),
      "\(run.stderr)")
    // Page 1, the pages that line up a large page (each repeats the start and adds the
    // rest), three large pages with nothing new and the few in flight: a handful, where it
    // used to go on at 135 requests a second.
    let pages = try server.pageRequests()
    #expect(pages.count <= 20, "\(pages)")
  }

  /// The rows a stopped `find` loaded are not saved as the depth: `resume` would load them all.
  @Test func aStoppedFindIsNotTheDepthLeavingSaves() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = folder.appendingPathComponent("movies.sqlite3").path
    let server = try await HoppinTestServer(limit: 100, extraArguments: ["--fault", "same-page"])
    defer { server.stop() }
    let session = try TmuxSession(
      arguments: ["--api", server.apiURL.absoluteString, "--no-prefetch"],
      environment: ["MOVIES_DB": database])
    defer { session.stop() }
    try await session.waitFor("movies")
    try session.type("find nothing-like-this")
    try session.press("Enter")
    try await session.waitFor("the list does not end")
    try session.type("quit")
    try session.press("Enter")
    try await session.waitForExit()

    // Saved only if the list moved, and then at the depth shown: never the scan's rows.
    #expect(
      try PythonSQLite.value(of: "SELECT count(*) FROM sessions WHERE rows > 10", in: database)
        == "0")
  }
}
