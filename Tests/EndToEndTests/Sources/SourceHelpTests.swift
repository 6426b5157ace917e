import Foundation
import TestSupport
import Testing

/// Help about this source and as it now is: `help` and `help order` name the orders the
/// source sorts by, `help thumb` says `thumb all` saves the rows in view, `--help` names every
/// order, and the config file suggests the key or value a typo was near. Through the binary,
/// in script mode.
@Suite(.timeLimit(.minutes(2))) struct SourceHelpTests {
  /// Runs `movies` with a config file holding `lines`, in its own XDG_CONFIG_HOME.
  private func run(config lines: String, _ arguments: [String]) async throws -> MoviesRun {
    let home = try ConfigHome(lines)
    defer { home.remove() }
    return try await MoviesRun.run(arguments, environment: home.environment)
  }

  /// The lines of `order`'s entry in `help`: its line and those continuing it.
  private static func orderEntry(_ help: String) -> String {
    let lines = help.split(separator: "\n")
    guard let start = lines.firstIndex(where: { $0.hasPrefix("  order ") }) else { return "" }
    let rest = lines[(start + 1)...].prefix { $0.hasPrefix("    ") }
    return ([lines[start]] + rest).joined(separator: " ")
  }

  @Test func helpListsTheOrdersOfThisSource() async throws {
    let server = try await TMDbTestServer(limit: 30)
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let tmdb = try await MoviesRun.run(
      server.arguments(["--no-prefetch", "-c", "help", "-c", "help order"]),
      environment: server.environment(cache: folder))
    #expect(tmdb.status == 0, "\(tmdb.stderr)")
    let entry = Self.orderEntry(tmdb.stdout)
    #expect(entry.contains("popular"), "\(entry)")
    #expect(!entry.contains("ratingasc") && !entry.contains("added"), "\(entry)")
    let orderHelp = try #require(tmdb.stdout.components(separatedBy: "  order ORDER").last)
    #expect(orderHelp.contains("popularitydesc") && !orderHelp.contains("ratingasc"))

    let offline = try await MoviesRun.run(["-c", "help"])
    let offlineEntry = Self.orderEntry(offline.stdout)
    #expect(offlineEntry.contains("ratingasc"), "\(offlineEntry)")
    #expect(
      !offlineEntry.contains("popular") && !offlineEntry.contains("added"), "\(offlineEntry)")
  }

  @Test func helpThumbSaysAllIsTheRowsInView() async throws {
    let run = try await MoviesRun.run(["-c", "help thumb"])
    #expect(run.stdout.contains("every row in view"), "\(run.stdout)")
    #expect(!run.stdout.contains("every loaded row"), "\(run.stdout)")
  }

  @Test func dashDashHelpNamesEveryOrder() async throws {
    let help = try await MoviesRun.run(["--help"]).stdout
    let order = try #require(help.components(separatedBy: "--order").dropFirst().first)
    let entry = order.prefix { $0 != "-" }
    for word in ["popular", "added", "popularitydesc", "dateaddeddesc", "newest"] {
      #expect(entry.contains(word), "\(word): \(entry)")
    }
    // What --help names is taken.
    let popular = try await MoviesRun.run(["--order", "popularity", "-c", "list"])
    #expect(!popular.stderr.contains("is not an order"), "\(popular.stderr)")
  }

  @Test func theConfigFileSuggestsTheKeyOrValueATypoWasNear() async throws {
    let key = try await run(config: "colour = never\n", ["-c", "list"])
    #expect(key.status == 2)
    #expect(key.stderr.contains("unknown setting 'colour'; did you mean 'color'?"), "\(key.stderr)")
    let value = try await run(config: "color = nevr\n", ["-c", "list"])
    #expect(value.status == 2)
    #expect(value.stderr.contains("Did you mean 'never'?"), "\(value.stderr)")
    // An order no source has lists this source's orders, not every source's.
    let order = try await run(config: "source = tmdb\norder = zzz\n", ["-c", "list"])
    #expect(order.status == 2)
    #expect(order.stderr.contains("'zzz' is not an order; the orders are"), "\(order.stderr)")
    #expect(order.stderr.contains("popular"), "\(order.stderr)")
    #expect(!order.stderr.contains("ratingasc") && !order.stderr.contains("added"))
  }
}
