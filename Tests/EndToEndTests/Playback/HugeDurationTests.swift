import Foundation
import TestSupport
import Testing

/// A file whose header claims a length of 1e297 seconds, or a player that says it is there,
/// once killed `movies` with SIGILL: the Double became an Int for the report. Every number a
/// player or server gives is now held within a week before it becomes one. Played by the real
/// mpv (a Matroska file the test writes) and by the stand-in, against Jellyfin and Plex.
@Suite(.timeLimit(.minutes(3))) struct HugeDurationTests {
  /// A week of Jellyfin's ticks: the most any report may carry.
  static let mostTicks = 7.0 * 24 * 3_600 * 10_000_000

  /// A Matroska file of a fifth of a second whose Duration field says `duration`.
  static func matroska(duration: String, in folder: URL) throws -> URL {
    let file = folder.appendingPathComponent("huge.mkv")
    let made = Process()
    made.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    made.arguments = [
      "python3", TestPaths.packageRoot.appendingPathComponent("scripts/matroska.py").path,
      "--duration", duration, file.path,
    ]
    try made.run()
    made.waitUntilExit()
    try #require(made.terminationStatus == 0, "matroska.py wrote the file")
    return file
  }

  @Test(.tags(.mpv)) func theRealMPVPlayingAFileThatClaims1e297SecondsDoesNotCrashIt()
    async throws
  {
    _ = try #require(RealProgram.mpv.require())
    let home = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: home) }
    let file = try Self.matroska(duration: "1e300", in: home)
    // No sound card where tests run: mpv's null output plays the fifth of a second.
    let mpvConfig = home.appendingPathComponent(".config/mpv")
    try FileManager.default.createDirectory(at: mpvConfig, withIntermediateDirectories: true)
    try Data("ao=null\nvo=null\n".utf8).write(to: mpvConfig.appendingPathComponent("mpv.conf"))
    let server = try await JellyfinTestServer(
      limit: 20, extraArguments: ["--stream-file", file.path])
    let (row, film) = try #require(ServerFilm.firstUnstarted(in: try await server.films()))
    let run = try await MoviesRun.run(
      ["--source", "jellyfin", "--api", server.baseURL.absoluteString, "--no-prefetch"],
      input: "play \(row)\nplay \(row)\n",
      environment: [
        "JELLYFIN_TOKEN": JellyfinTestServer.bobToken, "HOME": home.path, "PATH": "/usr/bin:/bin",
        "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
      ], timeout: .seconds(60))
    #expect(run.status == 0, "\(run.status) \(run.stderr)")
    #expect(!run.stderr.contains("Fatal error"), "\(run.stderr)")
    #expect(
      run.stdout.components(separatedBy: "row \(row)").count == 3, "both plays ended: \(run.stdout)"
    )
    let streams = try server.requests().filter { $0.path.hasSuffix("/stream") }
    #expect(streams.contains { $0.status == 206 }, "mpv's Range went through the relay")
    let stops = try JellyfinReportTests.reports(server, "/Sessions/Playing/Stopped")
    #expect(stops.count == 2, "each play told the server it stopped")
    #expect(stops.allSatisfy { $0.item == film.id && $0.seconds >= 0 && $0.seconds <= film.length })
  }

  @Test func aStandInSayingItIs1e300SecondsIntoA1e300SecondFilmDoesNotCrashIt() async throws {
    let (server, row, film, player) = try await JellyfinReportTests.scene()
    defer { player.remove() }
    let run = try await JellyfinReportTests.play(
      server, "play \(row)\nshow \(row)\n", player: player,
      playing: StandInPlayer.playing(speed: 1e300, length: 1e300))
    #expect(run.status == 0, "\(run.status) \(run.stderr)")
    #expect(!run.stderr.contains("Fatal error"), "\(run.stderr)")
    let reports = try ["", "/Progress", "/Stopped"].flatMap {
      try JellyfinReportTests.reports(server, "/Sessions/Playing\($0)")
    }
    #expect(!reports.isEmpty)
    #expect(reports.allSatisfy { $0.seconds >= 0 && $0.seconds * 1e7 <= Self.mostTicks })
    // The length the player claimed is not believed: the server's stands.
    #expect(run.stdout.contains("Played row \(row)"), "\(run.stdout)")
    _ = film
  }

  @Test func plexIsToldMillisecondsWithinAWeek() async throws {
    let (server, row, _, player) = try await PlexReportTests.scene()
    defer { player.remove() }
    let run = try await PlexReportTests.play(
      server, "play \(row)\n", player: player,
      playing: StandInPlayer.playing(speed: 1e300, length: 1e300))
    #expect(run.status == 0, "\(run.status) \(run.stderr)")
    let timelines = try PlexReportTests.timelines(server)
    #expect(!timelines.isEmpty)
    let week = 7 * 24 * 3_600 * 1_000
    for timeline in timelines {
      let time = try #require(timeline.query["time"].flatMap { Int($0) })
      let duration = try #require(timeline.query["duration"].flatMap { Int($0) })
      #expect((0...week).contains(time) && (0...week).contains(duration), "\(timeline.query)")
    }
  }

  @Test func aRetryAfterOfIntMaxSecondsIsAnErrorNotACrash() async throws {
    let server = try await HoppinTestServer(
      limit: 10,
      extraArguments: [
        "--fault", "status", "--fault-status", "503", "--retry-after", String(Int.max),
      ])
    let run = try await MoviesRun.run(["--api", server.apiURL.absoluteString, "-c", "more"])
    #expect(run.status == 1, "\(run.status) \(run.stderr)")
    #expect(run.stderr.contains("Could not load page 1"), "\(run.stderr)")
    #expect(!run.stderr.contains("Fatal error"))
  }
}
