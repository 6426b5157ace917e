import Foundation
import TestSupport
import Testing

/// No child gets the program's secrets: mpv (and yt-dlp, which mpv starts), `xdg-open` (and
/// the browser it starts), the pager and fzf each run as a stand-in that writes down its
/// environment, started with every secret variable set, and a harmless one that must pass.
@Suite(.timeLimit(.minutes(3))) struct ChildSecretsTests {
  static let secrets = [
    "TMDB_API_KEY": "secret-tmdb-key", "TMDB_ACCESS_TOKEN": "secret-tmdb-token",
    "JELLYFIN_TOKEN": JellyfinTestServer.apiKey, "PLEX_TOKEN": "secret-plex-token",
  ]
  static let harmless = ["MOVIES_CHILD_MARK": "passed-on"]

  /// `env`'s lines as name and value.
  private func variables(in file: URL) throws -> [String: String] {
    let text = try String(contentsOf: file, encoding: .utf8)
    return Dictionary(
      text.split(separator: "\n").map { line in
        let parts = line.split(separator: "=", maxSplits: 1)
        return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
      }, uniquingKeysWith: { first, _ in first })
  }

  private func expectClean(_ environment: [String: String], _ child: String) {
    for name in Self.secrets.keys {
      #expect(environment[name] == nil, "\(child) got \(name)")
    }
    #expect(environment["MOVIES_CHILD_MARK"] == "passed-on", "\(child) got the rest")
  }

  /// A script called `name` that writes its environment to `env.txt` beside it, then runs
  /// `then`.
  private func dumper(_ name: String, then: String = "exit 0") throws -> (URL, URL) {
    let folder = try TestPaths.makeTemporaryFolder()
    let record = folder.appendingPathComponent("env.txt")
    try TestPaths.writeScript(
      "#!/bin/sh\n[ \"$1\" = --version ] && { echo 0.38.0; exit 0; }\n"
        + "env > '\(record.path).new'; mv '\(record.path).new' '\(record.path)'\n\(then)\n",
      to: folder.appendingPathComponent(name))
    return (folder, record)
  }

  @Test func mpvGetsNoSecret() async throws {
    let server = try await JellyfinTestServer(limit: 5)
    let player = try StandInPlayer()
    defer { player.remove() }
    let run = try await MoviesRun.run(
      [
        "--source", "jellyfin", "--api", server.baseURL.absoluteString, "--jellyfin-user", "alice",
        "--no-prefetch",
        "-c", "play 1",
      ],
      environment: Self.secrets.merging(Self.harmless) { $1 }.merging(["PATH": player.path()]) {
        $1
      })
    #expect(run.status == 0, "\(run.stderr)")
    let mpv = try #require(try player.run())
    expectClean(mpv.environment, "mpv")
    #expect(mpv.streamStatus == 200, "the relay added the token toward the server")
  }

  @Test func xdgOpenGetsNoSecret() async throws {
    let server = try await HoppinTestServer(limit: 5)
    defer { server.stop() }
    let (folder, record) = try dumper("xdg-open")
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString, "-c", "open 1"],
      environment: Self.secrets.merging(Self.harmless) { $1 }.merging([
        "PATH": folder.path + ":/usr/bin:/bin"
      ]) { $1 })
    #expect(run.status == 0, "\(run.stderr)")
    expectClean(try variables(in: record), "xdg-open")
  }

  @Test func thePagerGetsNoSecret() async throws {
    let server = try await HoppinTestServer(limit: 40)
    defer { server.stop() }
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let record = folder.appendingPathComponent("env.txt")
    let session = try TmuxSession(
      arguments: ["--api", server.apiURL.absoluteString, "--count", "20"],
      environment: Self.secrets.merging(Self.harmless) { $1 }.merging([
        "PAGER": "env > '\(record.path)'; cat > /dev/null; echo PAGER-RAN"
      ]) { $1 }, height: 15)
    defer { session.stop() }
    try await session.waitFor("PAGER-RAN")
    expectClean(try variables(in: record), "the pager")
  }

  @Test func fzfGetsNoSecret() async throws {
    let (folder, record) = try dumper("fzf", then: "exit 1")
    defer { try? FileManager.default.removeItem(at: folder) }
    let session = try TmuxSession(
      arguments: [],
      environment: Self.secrets.merging(Self.harmless) { $1 }.merging([
        "PATH": folder.path + ":/usr/bin:/bin"
      ]) { $1 })
    defer { session.stop() }
    try await session.waitFor("movies 10/2,006>")
    try session.type("pick\r")
    let ran = try await eventually(timeout: .seconds(30)) {
      FileManager.default.fileExists(atPath: record.path)
    }
    try #require(ran, "the stand-in fzf ran")
    expectClean(try variables(in: record), "fzf")
  }
}
