import Foundation
import TestSupport
import Testing

/// `play` asked for the stream once before the player, but a server or CDN that redirects only
/// the player's own requests (those with `Range`, which mpv always sends, or every one after
/// the first) then got mpv's `Authorization … Token=` at another host. mpv now reads the
/// stream from a loopback relay with no header at all; the relay adds the headers toward the
/// stream's own scheme, host and port only, and refuses a redirect anywhere else. Checked
/// with the stand-in (which follows redirects with its headers, as mpv's ffmpeg does) and the
/// real mpv.
@Suite(.timeLimit(.minutes(3))) struct StreamRelayTests {
  typealias Player = StreamRedirectTests.Player

  private func play(_ server: JellyfinTestServer, with player: Player) async throws
    -> (MoviesRun, StandInPlayer.Run?)
  {
    try await StreamRedirectTests.play(server, with: player)
  }

  /// When the server redirects: only requests with `Range` (mpv always sends one), or every
  /// request after the first.
  static let whens = ["range", "after-first"]

  @Test(arguments: whens)
  func aStreamRedirectedOnlyForThePlayerGetsNoTokenElsewhere(_ when: String) async throws {
    try await redirectOnlyForThePlayer(when, with: .standIn)
  }

  @Test(.tags(.mpv), arguments: whens)
  func theRealMPVRedirectedOnlyForItselfGetsNoTokenElsewhere(_ when: String) async throws {
    try await redirectOnlyForThePlayer(when, with: .realMPV)
  }

  private func redirectOnlyForThePlayer(_ when: String, with player: Player) async throws {
    let elsewhere = try await JellyfinTestServer(limit: 5, host: "127.0.0.2")
    let base = "http://127.0.0.2:\(elsewhere.baseURL.port ?? 0)"
    let server = try await JellyfinTestServer(
      limit: 5, extraArguments: ["--stream-redirect", base, "--stream-redirect-when", when])
    let (run, mpv) = try await play(server, with: player)
    #expect(!run.stderr.contains("Fatal error"), "\(run.stderr)")
    let there = try elsewhere.requests()
    #expect(there.allSatisfy { $0.token.isEmpty }, "\(there.map(\.token))")
    #expect(there.isEmpty, "the relay refused the redirect: nothing was asked there")
    let streams = try server.requests().filter { $0.path.hasSuffix("/stream") }
    #expect(streams.contains { $0.status == 302 }, "the server did redirect the player's request")
    #expect(streams.allSatisfy { $0.token == "api-key" }, "the token went to its own server")
    if player == .standIn {
      let record = try #require(mpv)
      #expect(record.streamStatus == 502, "the relay refused: \(record.streamStatus)")
      #expect(record.environment["JELLYFIN_TOKEN"] == nil)
    }
  }

  @Test func theRelayAddsTheTokenTowardItsServerAndThePlayerGetsTheStream() async throws {
    try await relayToItsServer(with: .standIn)
  }

  @Test(.tags(.mpv)) func theRelayAddsTheTokenTowardItsServerForTheRealMPV() async throws {
    try await relayToItsServer(with: .realMPV)
  }

  private func relayToItsServer(with player: Player) async throws {
    let server = try await JellyfinTestServer(limit: 5)
    let (run, mpv) = try await play(server, with: player)
    let streams = try server.requests().filter { $0.path.hasSuffix("/stream") }
    #expect(streams.count >= 2, "the probe, then the relay for the player")
    #expect(streams.allSatisfy { $0.token == "api-key" && $0.status == 200 })
    if player == .standIn {
      #expect(run.status == 0, "\(run.stderr)")
      let record = try #require(mpv)
      #expect(record.streamStatus == 200)
      #expect(record.streamFirstLine.hasPrefix("JELLYFIN-TEST-STREAM "))
      let relay = try #require(record.arguments.last.flatMap { URL(string: $0) })
      #expect(relay.host == "127.0.0.1" && relay.port != server.baseURL.port)
    }
  }

  @Test func aServerThatAnswersRangesIsRelayedAFewMegabytesAtATimeWhole() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Several of the relay's 1 MB asks, its first line the stand-in records.
    let file = folder.appendingPathComponent("film.bin")
    var bytes = Data("RANGED-STREAM\n".utf8)
    bytes.append(Data((0..<(9 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }))
    try bytes.write(to: file)
    let server = try await JellyfinTestServer(
      limit: 5, extraArguments: ["--stream-file", file.path])
    let (run, mpv) = try await play(server, with: .standIn)
    #expect(run.status == 0, "\(run.stderr)")
    let record = try #require(mpv)
    #expect(record.streamStatus == 206, "mpv asked from byte 0, as it does")
    #expect(record.streamFirstLine == "RANGED-STREAM")
    #expect(record.streamBytes == bytes.count, "every byte, across the relay's asks")
    let parts = try server.requests().filter { $0.path.hasSuffix("/stream") && $0.status == 206 }
    #expect(parts.count == 10, "9 MB and 14 bytes in 1 MB asks: \(parts.count)")
    #expect(parts.allSatisfy { $0.token == "api-key" })
  }
}
