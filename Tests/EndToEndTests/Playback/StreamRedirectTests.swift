import Foundation
import TestSupport
import Testing

/// A server, a reverse proxy or a sign-on gateway may answer the stream with a redirect; a
/// player sends the stream's headers (the token) wherever it is sent. `play` asks first: it
/// follows a redirect on the same server and gives the player that address, and refuses one
/// to another server, which then gets nothing: checked with a stand-in mpv that follows
/// redirects with the headers (as mpv's ffmpeg does), and with the real mpv.
@Suite(.timeLimit(.minutes(3))) struct StreamRedirectTests {
  enum Player {
    case standIn, realMPV
  }

  /// `play 1` with `player` (the real one with no sound card or window: its null outputs);
  /// what the stand-in recorded, nil when it did not run.
  static func play(_ server: JellyfinTestServer, with player: Player) async throws
    -> (MoviesRun, StandInPlayer.Run?)
  {
    let standIn = try StandInPlayer()
    let home = try TestPaths.makeTemporaryFolder()
    defer {
      standIn.remove()
      try? FileManager.default.removeItem(at: home)
    }
    var environment = ["JELLYFIN_TOKEN": JellyfinTestServer.apiKey, "HOME": home.path]
    switch player {
    case .standIn: environment["PATH"] = standIn.path()
    case .realMPV:
      _ = try #require(RealProgram.mpv.require())
      environment["PATH"] = "/usr/bin:/bin"
      environment["XDG_CONFIG_HOME"] = home.appendingPathComponent(".config").path
      let config = home.appendingPathComponent(".config/mpv")
      try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
      try Data("ao=null\nvo=null\n".utf8).write(to: config.appendingPathComponent("mpv.conf"))
    }
    let run = try await MoviesRun.run(
      [
        "--source", "jellyfin", "--api", server.baseURL.absoluteString, "--jellyfin-user", "alice",
        "--no-prefetch", "-c", "play 1",
      ], environment: environment, timeout: .seconds(60))
    return (run, try standIn.run())
  }

  @Test func aStreamSentToAnotherHostIsNotPlayedAndThatHostGetsNothing() async throws {
    try await sendToAnotherHost(with: .standIn)
  }

  @Test(.tags(.mpv)) func theRealMPVIsNotSentToAnotherHostEither() async throws {
    try await sendToAnotherHost(with: .realMPV)
  }

  private func sendToAnotherHost(with player: Player) async throws {
    let elsewhere = try await JellyfinTestServer(limit: 5, host: "127.0.0.2")
    let base = "http://127.0.0.2:\(elsewhere.baseURL.port ?? 0)"
    let server = try await JellyfinTestServer(
      limit: 5, extraArguments: ["--stream-redirect", base])
    let (run, mpv) = try await Self.play(server, with: player)
    #expect(run.status == 1, "\(run.stdout)")
    #expect(
      run.stderr.contains(
        "Row 1's stream was sent on to another server (\(base)), where the player would have "
          + "taken the server's credential, so it was not played."), "\(run.stderr)")
    #expect(try elsewhere.requests().isEmpty, "no request reached the other host")
    #expect(mpv == nil, "no player was started")
    let streams = try server.requests().filter { $0.path.hasSuffix("/stream") }
    #expect(streams.map(\.status) == [302], "one question, its answer not followed")
  }

  @Test func anotherHostNameForTheSameAddressIsAnotherServer() async throws {
    let server = try await JellyfinTestServer(
      limit: 5, extraArguments: ["--stream-redirect", "http://localhost:{port}"])
    let (run, mpv) = try await Self.play(server, with: .standIn)
    #expect(run.status == 1)
    #expect(
      run.stderr.contains(
        "was sent on to another server (http://localhost:\(server.baseURL.port ?? 0))"),
      "\(run.stderr)")
    #expect(mpv == nil)
    let streams = try server.requests().filter { $0.path.hasSuffix("/stream") }
    #expect(streams.map(\.status) == [302], "nothing asked under the other name")
  }

  @Test func aRedirectOnTheSameServerIsFollowedAndThePlayerGetsWhereItLeads() async throws {
    try await redirectOnTheSameServer(with: .standIn)
  }

  @Test(.tags(.mpv)) func theRealMPVFollowsARedirectOnTheSameServer() async throws {
    try await redirectOnTheSameServer(with: .realMPV)
  }

  private func redirectOnTheSameServer(with player: Player) async throws {
    let server = try await JellyfinTestServer(limit: 5, extraArguments: ["--stream-redirect", ""])
    let (run, mpv) = try await Self.play(server, with: player)
    let streams = try server.requests().filter { $0.path.hasSuffix("/stream") }
    #expect(streams.first?.status == 302)
    #expect(streams.first?.token == "api-key")
    let moved = streams.dropFirst()
    #expect(!moved.isEmpty, "the player asked where the redirect led")
    #expect(moved.allSatisfy { $0.query["moved"] == "1" && $0.token == "api-key" })
    if player == .standIn {
      #expect(run.status == 0, "\(run.stderr)")
      let record = try #require(mpv)
      let relay = try #require(record.arguments.last.flatMap { URL(string: $0) })
      #expect(relay.host == "127.0.0.1" && relay.port != server.baseURL.port, "the relay's")
      #expect(record.streamStatus == 200)
    }
  }
}
