import Foundation
import TestSupport
import Testing

/// A FIFO under a cache entry's name would block `open()` for ever, on the thread every
/// file call waits for: `show N`, `thumb N` and then `quit` hung, Ctrl-C or not. Such a file,
/// or a link, is passed over as no entry; so is one in place of the saved TMDb configuration.
@Suite(.timeLimit(.minutes(2))) struct CacheFIFOTests {
  @Test func aFIFOUnderAnEntrysNameIsPassedOver() async throws {
    let server = try await HoppinTestServer(limit: 10)
    defer { server.stop() }
    let folders = try ThumbnailFolders()
    defer { folders.remove() }
    let fill = try await MoviesRun.run(folders.arguments(for: server), input: "thumb 1\n")
    #expect(fill.status == 0, "\(fill.stderr)")
    let entries = folders.cache.appendingPathComponent("thumbnails")
    let names = try FileManager.default.contentsOfDirectory(atPath: entries.path)
    #expect(names.count == 1, "\(names)")
    for name in names {
      let entry = entries.appendingPathComponent(name)
      try FileManager.default.removeItem(at: entry)
      #expect(mkfifo(entry.path, 0o600) == 0)
    }

    let clock = ContinuousClock()
    let start = clock.now
    let run = try await MoviesRun.run(
      folders.arguments(for: server), input: "show 1\nthumb 1\nquit\n", timeout: .seconds(20))

    #expect(start.duration(to: clock.now) < .seconds(20))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("Saved"), "\(run.stdout)")
    #expect(try server.posterRequests().count == 2, "downloaded again, not read from the FIFO")
  }

  /// The saved configuration names the poster host: a link under its name (to a file that
  /// someone else may write) is not followed, and neither is a FIFO waited on; both are
  /// asked for again.
  @Test func aLinkOrAFIFOInPlaceOfTheSavedTMDbConfigurationIsPassedOver() async throws {
    let server = try await TMDbTestServer(limit: 30)
    let cache = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: cache) }
    let environment = server.environment(cache: cache)
    let arguments = server.arguments(["-c", "more"])
    let fill = try await MoviesRun.run(arguments, environment: environment)
    #expect(fill.status == 0, "\(fill.stderr)")
    let saved = try #require(
      FileManager.default.subpaths(atPath: cache.path)?.first { $0.hasSuffix(".json") })
    let file = cache.appendingPathComponent(saved)
    let elsewhere = cache.appendingPathComponent("elsewhere.json")
    try FileManager.default.moveItem(at: file, to: elsewhere)
    try FileManager.default.createSymbolicLink(at: file, withDestinationURL: elsewhere)

    let linked = try await MoviesRun.run(arguments, environment: environment)
    #expect(linked.status == 0, "\(linked.stderr)")
    #expect(try server.requests(to: "/3/configuration").count == 2, "the link not followed")

    try FileManager.default.removeItem(at: file)
    #expect(mkfifo(file.path, 0o600) == 0)
    let fifo = try await MoviesRun.run(arguments, environment: environment, timeout: .seconds(20))
    #expect(fifo.status == 0, "\(fifo.stderr)")
    #expect(fifo.stdout.contains("Showing 20 of 30"), "\(fifo.stdout)")
  }
}
