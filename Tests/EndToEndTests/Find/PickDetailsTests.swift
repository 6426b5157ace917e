import Foundation
import TestSupport
import Testing

/// `pick`'s preview shows a TMDb row's running time and where it streams, which TMDb's list
/// rows lack (issue 42): while fzf runs, `pick` fetches the rows' details, the highlighted
/// one first, then the first 40 in list order, paced within TMDb's 40 requests a second, and
/// nothing once fzf has ended. The preview itself asks the server nothing; until a row's
/// details come it says so. On the local TMDb, in tmux, with the stand-in fzf.
@Suite(.timeLimit(.minutes(2))) struct PickDetailsTests {
  /// A prompt on the local TMDb with the stand-in fzf first on `PATH`.
  private func prompt(
    _ server: TMDbTestServer, picker: StandInPicker, count: Int = 10
  ) async throws -> TmuxSession {
    let cache = try TestPaths.makeTemporaryFolder()
    let session = try TmuxSession(
      arguments: server.arguments(["--no-prefetch", "--no-preview", "--count", String(count)]),
      environment: server.environment(cache: cache, adding: ["PATH": picker.path()]),
      width: 100, height: 60)
    try await session.waitFor("popular \(count)/")
    return session
  }

  /// The ids of the details asked for (`/3/movie/ID`), in the order they came.
  private func detailIDs(_ requests: [TMDbTestServer.Request]) -> [String] {
    requests.compactMap { request in
      let parts = request.path.split(separator: "/")
      guard parts.count == 3, parts[1] == "movie" else { return nil }
      return String(parts[2])
    }
  }

  @Test func thePreviewShowsRunningTimeAndWhereToWatchFetchedHighlightedRowFirst() async throws {
    let server = try await TMDbTestServer()
    defer { server.stop() }
    let picker = try StandInPicker(lingering: 2.5)
    defer { picker.remove() }
    // Row 45: past the 40 rows fetched in list order, so only the preview's ask brings it.
    let wanted = try #require(try await server.results(query: "page=3").dropFirst(4).first)
    let title = try #require(wanted["title"] as? String)
    let id = try #require(wanted["id"] as? Int)
    // The details, as the server has them: its runtime.
    let details = try await server.document("movie/\(id)")
    let minutes = try #require(details["runtime"] as? Int)
    let session = try await prompt(server, picker: picker, count: 50)
    defer { session.stop() }
    let before = try server.requests().count

    try session.type("pick \(title)\r")
    try await session.waitUntil("the picked row shown") {
      $0.contains("#45  \(title)") && TmuxSession.lastLine(of: $0).hasSuffix("popular 50/")
        || TmuxSession.lastLine(of: $0).contains("popular 50/")
          && $0.contains("Where to watch")
    }
    let fzf = try #require(try picker.run())
    #expect(fzf.chosen.hasPrefix("45\t"), "\(fzf.chosen)")
    // With the same labels as `show`: the server's runtime and its services.
    for preview in [fzf.preview, fzf.previewAgain].map(Self.plain) {
      #expect(preview.contains("Running time    \(minutes) min"), "\(preview)")
      #expect(preview.contains("Where to watch  "), "\(preview)")
      #expect(preview.contains("data by JustWatch"), "\(preview)")
      #expect(!preview.contains("not fetched yet"), "\(preview)")
    }
    let asked = try Array(server.requests().dropFirst(before))
    let ids = detailIDs(asked)
    // The highlighted row first, then 40 in list order, each once: 41 in all. `show 45`
    // after Enter asked nothing more. Four fetches run at once, so the highlighted row's
    // request, started first, may reach the server just after the three started beside it.
    #expect(ids.prefix(4).contains(String(id)), "\(ids)")
    #expect(ids.count == 41 && Set(ids).count == 41, "\(ids.count): \(ids)")
    #expect(!asked.contains { $0.status == 429 }, "TMDb's rate limit was met")
    #expect(try server.busiestSecond() <= 40)
  }

  /// The preview's text without its colours.
  private static func plain(_ text: String) -> String {
    text.replacing(/\x{1B}\[[0-9;]*m/, with: "")
  }

  @Test func aSlowServerIsNamedNotFetchedYetAndNothingIsAskedOnceFzfEnds() async throws {
    // Each details answer takes 2 s (logged when it is sent), longer than the preview waits
    // (1.5 s): 40 rows would take 20 s.
    let delay = 2.0
    let server = try await TMDbTestServer(extraArguments: ["--details-delay", String(delay)])
    defer { server.stop() }
    let picker = try StandInPicker(lingering: 0.2)
    defer { picker.remove() }
    let session = try await prompt(server, picker: picker, count: 50)
    defer { session.stop() }
    let before = try server.requests().count

    try session.type("pick\r")
    try await session.waitUntil("the picked row shown") {
      $0.contains("#1  ") && TmuxSession.lastLine(of: $0).contains("popular 50/")
    }
    let fzf = try #require(try picker.run())
    let (preview, again) = (Self.plain(fzf.preview), Self.plain(fzf.previewAgain))
    #expect(preview.contains("Running time    not fetched yet"), "\(preview)")
    #expect(preview.contains("Where to watch  not fetched yet"), "\(preview)")
    // Moved away and back once it came: the pane has it.
    #expect(again.contains(/Running time +[0-9]+ min/), "\(again)")
    // Past fzf's end, and the show that followed, nothing more comes.
    try await Task.sleep(for: .seconds(delay + 1))
    let asked = try Array(server.requests().dropFirst(before))
    let details = asked.filter { !detailIDs([$0]).isEmpty }
    #expect(!details.isEmpty, "pick fetched no details")
    #expect(details.count < 20, "the fetches went on past fzf: \(details.count)")
    let late = details.filter { $0.time - delay > fzf.ended + 0.3 }
    // `show 1` after Enter found row 1's details kept by the fetch.
    #expect(late.isEmpty, "asked after fzf ended: \(late.map(\.path)) at \(fzf.ended)")
  }
}
