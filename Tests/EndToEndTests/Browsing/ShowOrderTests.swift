import Foundation
import TestSupport
import Testing

/// TMDb's `show N` in one order whatever the server's latency, with no raw keys: money and
/// counts formatted (`Budget  $25,000,000`) or left out (`popularity`, `status Released`).
/// On a slow server it waits under its spinner and prints once, rather than printing the
/// row's fields first and adding the details below them. In script mode and in tmux at 100,
/// 80, 60 and 40 columns against the local TMDb.
@Suite(.timeLimit(.minutes(3))) struct ShowOrderTests {
  /// The labels in the order `show` prints them, for those of `known` on screen.
  private static let order = [
    "Overview", "Where to watch", "Running time", "Genres", "Rating", "Released", "Directors",
    "Cast", "Tagline", "Trailer", "IMDb ID", "Movie ID", "Link", "Thumbnail", "Budget",
    "Revenue",
  ]

  /// The labels of `show`'s lines, in the order printed.
  private static func labels(_ text: String) -> [String] {
    text.split(separator: "\n").compactMap { line in
      order.first { line.hasPrefix("  \($0) ") || line == "  \($0)" }
    }
  }

  /// The details of the local TMDb's first popular film: its budget and revenue.
  private static func money(_ server: TMDbTestServer) async throws -> (budget: Int, revenue: Int) {
    let first = try #require(try await server.results().first)
    let id = try #require(first["id"] as? Int)
    let details = try await server.document("movie/\(id)")
    return (details["budget"] as? Int ?? 0, details["revenue"] as? Int ?? 0)
  }

  private static func expectFormatted(_ text: String, budget: Int, revenue: Int) {
    for raw in ["budget ", "revenue ", "popularity", "status "] {
      #expect(!text.contains("  \(raw)"), "a raw key: \(raw)\n\(text)")
    }
    if budget > 0 {
      for (label, amount) in [("Budget", budget), ("Revenue", revenue)] {
        let line = text.split(separator: "\n").first { $0.hasPrefix("  \(label) ") } ?? ""
        #expect(line.hasSuffix(" $\(amount.formatted())"), "\(text)")
      }
    } else {
      #expect(!text.contains("Budget"), "no budget is no line: \(text)")
    }
    #expect(!text.contains("Released  Released"))
  }

  @Test func scriptModeFormatsMoneyAndLeavesOutTMDbsOwnKeys() async throws {
    let server = try await TMDbTestServer(limit: 60, extraArguments: ["--details-delay", "1"])
    defer { server.stop() }
    let cache = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: cache) }
    let (budget, revenue) = try await Self.money(server)
    let run = try await MoviesRun.run(
      server.arguments(["--no-prefetch", "-c", "show 1"]),
      environment: server.environment(cache: cache))
    #expect(run.status == 0, "\(run.stderr)")
    Self.expectFormatted(run.stdout, budget: budget, revenue: revenue)
    let labels = Self.labels(run.stdout)
    #expect(labels == Self.order.filter(labels.contains), "\(run.stdout)")
    #expect(labels.contains("Where to watch") && labels.contains("Link"), "\(run.stdout)")
    // `--json` keeps the data as the server named it.
    let json = try await MoviesRun.run(
      server.arguments(["--no-prefetch", "--json", "-c", "show 1"]),
      environment: server.environment(cache: cache))
    let line = try #require(json.stdout.split(separator: "\n").last)
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    let movie = try #require(object?["movie"] as? [String: Any])
    let other = try #require(movie["otherFields"] as? [String: Any])
    #expect(other["popularity"] != nil && other["status"] as? String == "Released", "\(other)")
  }

  @Test(arguments: [100, 80, 60, 40])
  func aSlowServerPrintsTheDetailsOnceInOrder(width: Int) async throws {
    let server = try await TMDbTestServer(limit: 60, extraArguments: ["--details-delay", "2"])
    defer { server.stop() }
    let (budget, revenue) = try await Self.money(server)
    let session = try TmuxSession(
      arguments: server.arguments(["--no-color", "--no-prefetch", "--no-preview"]),
      environment: ["TMDB_API_KEY": TMDbTestServer.apiKey], width: width, height: 60)
    defer { session.stop() }
    try await session.waitFor("popular 10/60>")
    try session.press("C-l")
    try session.type("show 1\r")
    let waiting = try await session.waitFor("Loading the details of row 1")
    #expect(!waiting.contains("#1 "), "the row's fields before the details: \(waiting)")
    let full = try await session.waitUntil("the details and the prompt") {
      $0.contains("#1 ") && TmuxSession.lastLine(of: $0).hasSuffix("popular 10/60>")
    }
    let text = try session.unfoldedScreen()
    #expect(text.components(separatedBy: "#1 ").count == 2, "one heading: \(full)")
    let labels = Self.labels(text)
    #expect(labels == Self.order.filter(labels.contains), "\(text)")
    #expect(labels.first == "Overview" && labels.contains("Where to watch"), "\(text)")
    #expect(!full.contains("Loading the details"), "the spinner's line was erased")
    Self.expectFormatted(text, budget: budget, revenue: revenue)
  }
}
