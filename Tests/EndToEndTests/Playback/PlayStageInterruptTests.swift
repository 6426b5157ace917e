import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Ctrl-C and Ctrl-D at each stage of `play` at the prompt, on the local Jellyfin with the
/// stand-in mpv: while the stream is checked (a server that never answers it), while mpv
/// plays (through the loopback relay), and while the stop report is sent (a report that
/// hangs). Each time: one clear line, the prompt back with the list as it was, the watchlist
/// kept, and nothing left behind: no child, no private folder, no relay listening.
@Suite(.timeLimit(.minutes(3))) struct PlayStageInterruptTests {
  /// A session at the prompt on a Jellyfin of twenty films with `serverOptions`, the stand-in
  /// mpv first on `PATH` and its own temporary folder; film 2 is on the watchlist.
  struct Scene {
    let server: JellyfinTestServer
    let player: StandInPlayer
    let temporary: URL
    let session: TmuxSession
    let program: pid_t
    let row: Int

    init(serverOptions: [String], playing: [String: String]) async throws {
      server = try await JellyfinTestServer(limit: 20, extraArguments: serverOptions)
      row = try #require(ServerFilm.firstUnstarted(in: try await server.films())).row
      player = try StandInPlayer()
      temporary = try TestPaths.makeTemporaryFolder()
      session = try TmuxSession(
        arguments: [
          "--source", "jellyfin", "--api", server.baseURL.absoluteString, "--no-prefetch",
          "--count", "20",
        ],
        environment: playing.merging([
          "JELLYFIN_TOKEN": JellyfinTestServer.bobToken, "PATH": player.path(),
          "TMPDIR": temporary.path,
        ]) { $1 }, width: 120, height: 40)
      try await session.waitFor("movies added 20>")
      program = try #require(try session.programPID())
      try session.type("watch 2\r")
      try await session.waitForPrompt(2, Self.prompt)
    }

    static let prompt = "movies added 20>"

    func remove() {
      session.stop()
      player.remove()
      try? FileManager.default.removeItem(at: temporary)
    }

    /// The prompts shown so far.
    func prompts() throws -> Int { try session.prompts(Self.prompt) }

    /// Waits for the `count`th prompt; what was printed before it.
    @discardableResult
    func waitForPrompt(_ count: Int) async throws -> String {
      try await session.waitForPrompt(count, Self.prompt)
    }

    /// Nothing left: no child of the program, no listening socket, no private folder.
    func expectNothingLeft(_ comment: Comment) async throws {
      let settled = try await eventually(timeout: .seconds(5)) {
        ProcessLeftovers.children(of: program).isEmpty
          && ProcessLeftovers.listeningPorts(of: program).isEmpty
      }
      #expect(settled, "\(comment)")
      #expect(ProcessLeftovers.children(of: program).isEmpty, "no child: \(comment)")
      #expect(ProcessLeftovers.listeningPorts(of: program).isEmpty, "no relay: \(comment)")
      let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
      #expect(left.isEmpty, "no private folder: \(left), \(comment)")
    }

    /// The watchlist still holds film 2, and the list its twenty rows.
    func expectListAndWatchlistKept() async throws {
      let before = try prompts()
      try session.type("watchlist\r")
      let watchlist = try await waitForPrompt(before + 1)
      #expect(watchlist.contains("w1 "), "the watchlist kept its film: \(watchlist)")
      try session.type("list\r")
      let listed = try await waitForPrompt(before + 2)
      let rows = listed.split(separator: "\n").compactMap { line in
        line.split(separator: " ").first.flatMap { Int($0) }
      }
      #expect(rows == Array(1...20), "the list kept its rows: \(listed)")
    }

    /// Ctrl-D at the prompt ends the program with status 0.
    func leave() async throws {
      try session.press("C-d")
      try await session.waitForExit()
    }
  }

  /// Ctrl-C while the stream is checked; `ctrlDFirst`: Ctrl-D before it, which ends input at
  /// the prompt, not a command, so the check goes on and nothing of it reaches the next line.
  @Test(arguments: [false, true])
  func ctrlCWhileTheStreamIsCheckedCancelsPlay(ctrlDFirst: Bool) async throws {
    let scene = try await Scene(
      serverOptions: ["--hang-streams"], playing: StandInPlayer.playing(speed: 60, length: 600))
    defer { scene.remove() }
    try scene.session.type("play \(scene.row)\r")
    let asked = try await eventually(timeout: .seconds(20)) {
      try scene.server.requests().contains { $0.path.hasPrefix("/Videos/") }
    }
    try #require(asked, "the stream was asked for")
    if ctrlDFirst {
      try scene.session.press("C-d")
      try await Task.sleep(for: .milliseconds(500))
      #expect(try scene.prompts() == 2, "a Ctrl-D does not end a command")
      #expect(scene.session.isRunning)
    }
    let pressed = ContinuousClock.now
    try scene.session.press("C-c")
    let screen = try await scene.waitForPrompt(3)
    #expect(ContinuousClock.now - pressed < .seconds(3), "at once, not the server's deadline")
    #expect(screen.contains("Cancelled"), "one clear line: \(screen)")
    #expect(!screen.contains("could not be reached"), "not the stream's failure: \(screen)")
    #expect(try scene.player.run() == nil, "mpv was never started")
    let reports = try scene.server.requests().filter { $0.path.hasPrefix("/Sessions/Playing") }
    #expect(reports.isEmpty, "nothing played, nothing reported: \(reports.map(\.path))")
    try await scene.expectNothingLeft("after Ctrl-C while the stream was checked")
    try await scene.expectListAndWatchlistKept()
    try await scene.leave()
  }

  @Test(arguments: ["C-c", "C-d"])
  func aKeyWhileMpvPlays(_ key: String) async throws {
    let scene = try await Scene(
      serverOptions: [], playing: StandInPlayer.playing(speed: 60, length: 5400, quitAfter: 600))
    defer { scene.remove() }
    try scene.session.type("play \(scene.row)\r")
    // Seen while mpv plays (ten seconds of it): the relay listens.
    let listening = try await eventually(timeout: .seconds(30)) {
      !ProcessLeftovers.listeningPorts(of: scene.program).isEmpty
    }
    #expect(listening, "the relay listens")
    let underWay = try await eventually(timeout: .seconds(30)) {
      (try scene.player.session()?.position ?? 0) > 30
    }
    try #require(underWay, "the stand-in played a while")
    let relay = try #require(try scene.player.run()?.arguments.last)
    #expect(relay.hasPrefix("http://127.0.0.1:"), "mpv reads the relay: \(relay)")
    try scene.session.press(key)
    let screen = try await scene.waitForPrompt(3)
    #expect(screen.contains("Stopped row \(scene.row), "), "\(screen)")
    let stops = try JellyfinReportTests.reports(scene.server, "/Sessions/Playing/Stopped")
    #expect(stops.count == 1, "the stop reported once")
    let mpv = try #require(try scene.player.session())
    // Ctrl-C asks mpv to quit; Ctrl-D is mpv's to read (this one reads no keys), so it plays
    // on until it quits itself.
    #expect(mpv.commands.contains("quit") == (key == "C-c"), "\(mpv.commands)")
    try await scene.expectNothingLeft("after \(key) while mpv played")
    try await scene.expectListAndWatchlistKept()
    try await scene.leave()
  }

  @Test(arguments: ["C-c", "C-d"])
  func aKeyWhileTheStopReportHangs(_ key: String) async throws {
    let scene = try await Scene(
      serverOptions: ["--hang-reports"],
      playing: StandInPlayer.playing(speed: 60, length: 5400, quitAfter: 60))
    defer { scene.remove() }
    try scene.session.type("play \(scene.row)\r")
    let stopping = try await eventually(timeout: .seconds(30)) {
      try scene.server.requests().contains { $0.path == "/Sessions/Playing/Stopped" }
    }
    try #require(stopping, "the stop report went out")
    try scene.session.press(key)
    let screen = try await scene.waitForPrompt(3)
    #expect(screen.contains("Stopped row \(scene.row), "), "\(screen)")
    let warnings = screen.components(separatedBy: "warning: ").count - 1
    #expect(warnings <= 1, "at most one warning: \(screen)")
    try await scene.expectNothingLeft("after \(key) while the stop report hung")
    try await scene.expectListAndWatchlistKept()
    try await scene.leave()
  }
}
