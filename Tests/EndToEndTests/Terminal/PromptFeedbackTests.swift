import Foundation
import TestSupport
import Testing

/// What a person at the prompt sees while they wait and when they ask (tmux): the spinner
/// while TMDb's details are slow, then `show N`'s fields in one label column; Jellyfin's banner and a spinner while a slow server looks up the user; the
/// hint after `order ` naming this source's orders; `help` paged on a 24-row screen; and
/// `help find`'s examples each on one line.
@Suite(.serialized, .timeLimit(.minutes(3))) struct PromptFeedbackTests {
  /// Where the value starts on a `show` line labelled `label`; nil without such a line.
  private static func valueColumn(of label: String, in screen: String) -> Int? {
    guard let line = screen.split(separator: "\n").first(where: { $0.hasPrefix("  \(label) ") })
    else { return nil }
    let afterLabel = line.dropFirst(2 + label.count)
    return 2 + label.count + afterLabel.prefix { $0 == " " }.count
  }

  @Test func slowDetailsShowASpinnerThenTheFieldsInOneLabelColumn() async throws {
    let server = try await TMDbTestServer(limit: 60, extraArguments: ["--details-delay", "4"])
    let session = try TmuxSession(
      arguments: server.arguments(["--no-color", "--no-prefetch"]),
      environment: ["TMDB_API_KEY": TMDbTestServer.apiKey], height: 50)
    defer { session.stop() }
    try await session.waitFor("popular 10/60>")
    try session.type("show 1\r")
    let waiting = try await session.waitFor("Loading the details of row 1…")
    // The fields wait with the details, so they print whole, in one order (issue 42).
    #expect(!waiting.contains("  Link "), "the row's fields printed before the details")
    let full = try await session.waitUntil("the details and the prompt") {
      $0.contains("Running time") && TmuxSession.lastLine(of: $0).hasSuffix("popular 10/60>")
    }
    #expect(!full.contains("Loading the details"), "the spinner's line was erased: \(full)")
    let columns = Set(
      [
        "Genres", "Released", "Link", "Running time", "IMDb ID", "Where to watch", "Directors",
        "Cast",
      ]
      .compactMap { Self.valueColumn(of: $0, in: full) })
    #expect(columns.count == 1, "values start at columns \(columns): \(full)")
    #expect(full.contains("  Directors ") && full.contains("  Cast "), "\(full)")
  }

  @Test func aSlowJellyfinShowsTheBannerAndASpinnerWhileItLooksUpTheUser() async throws {
    let server = try await JellyfinTestServer(limit: 25, extraArguments: ["--users-delay", "4"])
    let session = try TmuxSession(
      arguments: ["--source", "jellyfin", "--api", server.baseURL.absoluteString, "--no-prefetch"],
      environment: ["JELLYFIN_TOKEN": JellyfinTestServer.bobToken])
    defer { session.stop() }
    let started = ContinuousClock.now
    let early = try await session.waitUntil("the banner and the spinner") {
      $0.contains("on Jellyfin at ") && $0.contains("Connecting to Jellyfin at ")
    }
    #expect(ContinuousClock.now - started < .seconds(4), "the banner waited for the server")
    #expect(!early.contains("added "), "the prompt came before the user: \(early)")
    let prompt = try await session.waitFor("movies added 10/25>")
    #expect(!prompt.contains("Connecting to"), "the spinner's line was erased: \(prompt)")
    #expect(prompt.components(separatedBy: "'help' lists commands").count == 2, "one banner")
    #expect(try server.requests().contains { $0.path == "/Users/Me" })
  }

  @Test func theOrderHintNamesThisSourcesOrders() async throws {
    let server = try await TMDbTestServer(limit: 30)
    let session = try TmuxSession(
      arguments: server.arguments(["--no-color", "--no-prefetch"]),
      environment: ["TMDB_API_KEY": TMDbTestServer.apiKey])
    defer { session.stop() }
    try await session.waitFor("popular 10/30>")
    try session.type("order ")
    let hinted = try await session.waitFor("newest|oldest|rating|title|popular")
    #expect(!TmuxSession.lastLine(of: hinted).contains("added"), "\(hinted)")
    #expect(!TmuxSession.lastLine(of: hinted).contains("ratingdesc"), "\(hinted)")
  }

  @Test func helpIsPagedOnA24RowScreenAndKeepsExamplesWhole() async throws {
    let session = try TmuxSession(
      arguments: ["--no-color"], environment: ["PAGER": "less"], width: 80, height: 24)
    defer { session.stop() }
    try await session.waitFor("movies 10/2,006>")
    try session.type("help\r")
    let paged = try await session.waitUntil("help in the pager") {
      $0.contains("more [N]") && TmuxSession.lastLine(of: $0).hasPrefix(":")
    }
    #expect(!paged.contains("quit   "), "the last lines wait in the pager: \(paged)")
    try session.type("q")
    try await session.waitUntil("the prompt after the pager") {
      TmuxSession.lastLine(of: $0).hasPrefix("movies 10/2,006>")
    }
    try session.press("C-l")
    try session.type("help find\r")
    let find = try await session.waitFor("Examples:")
    for example in [
      "find godfather", "find star wars year:1977-1983", "find genre:drama rating:>8",
    ] {
      #expect(find.contains("'\(example)'"), "\(example) is split: \(find)")
    }
  }
}
