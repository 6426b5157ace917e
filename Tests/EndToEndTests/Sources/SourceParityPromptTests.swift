import Foundation
import TestSupport
import Testing

/// A person at the prompt (tmux) on TMDb, Jellyfin and Plex alike: Tab completes the source's own
/// genre names and orders, `pick` chooses a row with a preview that asks the server nothing,
/// and `--resume` reopens the list left, at the same depth.
@Suite(.timeLimit(.minutes(3))) struct SourceParityPromptTests {
  private func session(
    _ server: LocalSourceServer, _ extra: [String] = [], environment: [String: String] = [:],
    home: URL? = nil
  ) throws -> TmuxSession {
    try TmuxSession(
      arguments: server.arguments(["--no-color", "--no-prefetch"] + extra),
      environment: server.environment.merging(environment) { _, new in new }, home: home,
      width: 120, height: 40)
  }

  /// A session on the source's first page, its prompt up.
  private func started(
    _ server: LocalSourceServer, environment: [String: String] = [:]
  ) async throws -> TmuxSession {
    let session = try session(server, environment: environment)
    do {
      try await session.waitFor("movies \(server.defaultOrder) 10/40>")
    } catch {
      session.stop()
      throw error
    }
    return session
  }

  @Test(arguments: RealSource.allCases)
  func tabCompletesTheSourcesGenreNamesAndOnlyItsOrders(_ source: RealSource) async throws {
    let server = try await LocalSourceServer(source, limit: 40)
    let session = try await started(server)
    defer { session.stop() }

    try session.type("order " + server.defaultOrder.prefix(2))
    try session.press("Tab")
    try await session.waitUntil("the source's default order completed") {
      TmuxSession.lastLine(of: $0).hasSuffix("> order \(server.defaultOrder)")
    }
    // The other source's default is not an order here: Tab leaves it, so X lands after it.
    let foreign = source == .tmdb ? "add" : "pop"
    try session.press("C-u")
    try session.type("order " + foreign)
    try session.press("Tab")
    try session.type("X")
    try await session.waitUntil("an order the source lacks left alone") {
      TmuxSession.lastLine(of: $0).hasSuffix("> order \(foreign)X")
    }
    try session.press("C-u")
    // The genres load in the background after the first page; until they are in, Tab offers
    // only `all`, so the line is typed again until the name completes.
    try await session.waitUntil("the source's genre completed") { screen in
      if TmuxSession.lastLine(of: screen).hasSuffix("> genre Comedy") { return true }
      _ = try? session.press("C-u")
      _ = try? session.type("genre com")
      _ = try? session.press("Tab")
      return false
    }
    try session.press("Enter")
    try await session.waitFor("movies comedy·\(server.defaultOrder) 10/")
  }

  @Test(arguments: RealSource.allCases)
  func pickChoosesARowWhosePreviewAsksTheServerNothing(_ source: RealSource) async throws {
    let server = try await LocalSourceServer(source, limit: 40)
    let picker = try StandInPicker()
    defer { picker.remove() }
    let session = try await started(server, environment: ["PATH": picker.path()])
    defer { session.stop() }
    let title = try #require(try await server.firstTitles(3).last)
    let before = try server.requestCount()

    try session.type("pick \(title.prefix(6))\r")
    let shown = try await session.waitUntil("the picked row shown") {
      $0.contains("#3  \(title)")
        && TmuxSession.lastLine(of: $0).hasSuffix("\(server.defaultOrder) 10/40>")
    }
    #expect(shown.contains("Movie ID"))
    let fzf = try #require(try picker.run())
    #expect(fzf.lines.count == 10, "the rows in view: \(fzf.lines)")
    #expect(fzf.chosen.contains(title))
    #expect(fzf.previewStatus == 0)
    #expect(fzf.preview.contains(title) && fzf.preview.contains("Movie ID"), "\(fzf.preview)")
    #expect(!fzf.arguments.joined(separator: " ").contains(server.secret))
    // The preview read the row from its file; only `show`'s details (TMDb's, Plex's) and the
    // chosen row's poster, which `pick` fetched for the preview, were asked for.
    let asked = try server.paths(after: before).filter {
      !$0.hasPrefix("/3/movie/") && !$0.hasPrefix("/library/metadata/")
    }
    let posters = asked.filter {
      $0.hasPrefix("/t/p/") || $0.hasSuffix("/Images/Primary") || $0.hasPrefix("/photo/:/transcode")
    }
    #expect(posters.count <= 1 && asked.count == posters.count, "\(asked)")
  }

  @Test(arguments: RealSource.allCases)
  func resumeReopensTheListAtTheSameDepthInTheSameOrder(_ source: RealSource) async throws {
    let server = try await LocalSourceServer(source, limit: 40)
    let first = try await started(server)
    defer { first.stop() }
    try first.type("order title\r")
    try await first.waitFor("movies title 10/40>")
    try first.type("more\r")
    let deep = try await first.waitFor("movies title 20/40>")
    // Row 20's title, as far as the table shows it whole.
    let twentieth = try #require(
      deep.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        .first { $0.hasPrefix("20 ") }
        .map { String($0.dropFirst(2).trimmingCharacters(in: .whitespaces).prefix(15)) })
    try first.press("C-d")
    try await first.waitForExit()
    let asked = try server.requestCount()

    let again = try session(server, ["--resume"], home: first.home)
    defer { again.stop() }
    let resumed = try await again.waitFor("movies title 20/40>")
    #expect(resumed.contains("Resumed: 20 of 40 by title"), "\(resumed)")
    #expect(resumed.contains(twentieth), "row 20 is not the one left")
    try again.press("C-d")
    try await again.waitForExit()
    #expect(try server.requestCount() > asked, "the resumed list was loaded again")
    let pages = try server.listRequests()
    #expect(try server.listRequestsStay(within: 40), "past the total: \(pages)")
    #expect(try server.everyRequestCarriedTheSecret())
  }
}
