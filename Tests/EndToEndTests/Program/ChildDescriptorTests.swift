import Foundation
import TestSupport
import Testing

/// A child gets only what it needs: its three standard streams (mpv makes its own IPC
/// socket, and reads the stream from the relay with no header); never libcurl's sockets (its wake-up pair, a live
/// connection to the server), and never `MOVIES_API` (whose address may carry a password)
/// or a credential variable. Each child is a stand-in that reads its own `/proc/self/fd`
/// and environment.
@Suite(.timeLimit(.minutes(3))) struct ChildDescriptorTests {
  /// Every variable that must not reach a child, set for the run; `MOVIES_API` is `server`
  /// with a password in its address (nil: one nobody listens at, beside `--api`).
  static func withheld(_ server: HoppinTestServer? = nil) -> [String: String] {
    let api = server.map {
      "http://someone:api-password@127.0.0.1:\($0.apiURL.port ?? 0)/hoppin/movies"
    }
    return [
      "MOVIES_API": api ?? "http://someone:api-password@127.0.0.1:9/hoppin/movies",
      "TMDB_API_KEY": "secret-tmdb-key", "TMDB_ACCESS_TOKEN": "secret-tmdb-token",
      "JELLYFIN_TOKEN": JellyfinTestServer.apiKey, "PLEX_TOKEN": "secret-plex-token",
    ]
  }

  /// The descriptors beyond the standard streams that `child` must not have had, and the
  /// variables it got that it must not have.
  private func expectOnly(
    _ descriptors: [Int32: String], _ environment: [String: String], allowed: Set<Int32> = [],
    _ child: String
  ) {
    let extra = descriptors.filter { $0.key > 2 && !allowed.contains($0.key) }
    #expect(extra.isEmpty, "\(child) inherited \(extra)")
    for name in Self.withheld().keys {
      #expect(environment[name] == nil, "\(child) got \(name)")
    }
    #expect(!environment.values.contains { $0.contains("api-password") }, "\(child)")
  }

  @Test func mpvGetsOnlyItsStreamsAndNoYtDlp() async throws {
    let server = try await JellyfinTestServer(limit: 5)
    let player = try StandInPlayer()
    defer { player.remove() }
    let run = try await MoviesRun.run(
      [
        "--source", "jellyfin", "--api", server.baseURL.absoluteString, "--jellyfin-user", "alice",
        "--no-prefetch", "-c", "play 1",
      ],
      environment: Self.withheld().merging(["PATH": player.path()]) { $1 })
    #expect(run.status == 0, "\(run.stderr)")
    let mpv = try #require(try player.run())
    expectOnly(mpv.descriptors, mpv.environment, "mpv")
    #expect(mpv.arguments.contains("--ytdl=no"), "a server's stream is not yt-dlp's")
    #expect(mpv.streamStatus == 200, "the relay added the token toward the server")
  }

  @Test func xdgOpenGetsOnlyItsStreams() async throws {
    let server = try await HoppinTestServer(limit: 5)
    defer { server.stop() }
    let opener = try StandInRecorder(name: "xdg-open")
    defer { opener.remove() }
    // `thumb 1` first, so a kept-alive connection to the server is open as `open 1` runs.
    let folders = try ThumbnailFolders()
    defer { folders.remove() }
    let run = try await MoviesRun.run(
      [
        "--cache-dir", folders.cache.path,
        "--download-dir", folders.downloads.path, "-c", "thumb 1", "-c", "open 1",
      ],
      environment: Self.withheld(server).merging(["PATH": opener.path()]) { $1 })
    #expect(run.status == 0, "\(run.stderr)")
    let child = try #require(try opener.run(), "xdg-open ran")
    expectOnly(child.descriptors, child.environment, "xdg-open")
  }

  @Test func thePagerGetsOnlyItsStreams() async throws {
    let server = try await HoppinTestServer(limit: 40)
    defer { server.stop() }
    let pager = try StandInRecorder(name: "pager", readsInput: true)
    defer { pager.remove() }
    let session = try TmuxSession(
      arguments: ["--count", "20"],
      environment: Self.withheld(server).merging(["PAGER": pager.executable]) { $1 }, height: 15)
    defer { session.stop() }
    try await session.waitFor("PAGER-RAN")
    let child = try #require(try pager.run())
    expectOnly(child.descriptors, child.environment, "the pager")
  }

  @Test func fzfGetsOnlyItsStreams() async throws {
    let server = try await HoppinTestServer(limit: 40)
    defer { server.stop() }
    let fzf = try StandInRecorder(name: "fzf", status: 1)
    defer { fzf.remove() }
    let session = try TmuxSession(
      arguments: [], environment: Self.withheld(server).merging(["PATH": fzf.path()]) { $1 })
    defer { session.stop() }
    try await session.waitFor("movies 10/40>")
    try session.type("pick\r")
    let ran = try await eventually(timeout: .seconds(30)) { (try? fzf.run()) != nil }
    try #require(ran, "the stand-in fzf ran")
    let child = try #require(try fzf.run())
    expectOnly(child.descriptors, child.environment, "fzf")
  }
}
