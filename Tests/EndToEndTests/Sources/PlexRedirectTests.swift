import Foundation
import TestSupport
import Testing

/// libcurl drops `Authorization` and `Cookie` on a redirect to another host, but not
/// `X-Plex-Token`: a Plex server (or a proxy before it) that redirected a page, a film's
/// details, a poster, `continue` or a report sent the whole account's token there. The engine
/// now follows redirects itself and sends a credential header only to the scheme, host and
/// port it was meant for; a report is not sent on at all.
@Suite(.timeLimit(.minutes(3))) struct PlexRedirectTests {
  /// What is redirected, the commands that ask for it, and whether they ask with a GET the
  /// engine follows (a report is never followed).
  enum Asked: String, CaseIterable {
    case page, details, poster, continuing, report

    var match: String {
      switch self {
      case .page: "/sections/1/all$"
      case .details: "^/library/metadata/[0-9]+$"
      case .poster: "^/photo/"
      case .continuing: "/onDeck$"
      case .report: "^/:/"
      }
    }

    var commands: [String] {
      switch self {
      case .page: ["more"]
      case .details: ["show 1"]
      case .poster: ["thumb 1"]
      case .continuing: ["continue"]
      case .report: ["play 1"]
      }
    }
  }

  private func run(
    _ server: PlexTestServer, _ asked: Asked, folders: ThumbnailFolders, player: StandInPlayer
  ) async throws -> MoviesRun {
    let arguments =
      server.arguments([
        "--no-prefetch", "--count", "5", "--cache-dir", folders.cache.path, "--download-dir",
        folders.downloads.path,
      ]) + asked.commands.flatMap { ["-c", $0] }
    return try await player.play(
      arguments, "", playing: StandInPlayer.playing(speed: 30, length: 600, quitAfter: 30),
      environment: PlexTestServer.environment)
  }

  @Test(arguments: Asked.allCases)
  func aRedirectToAnotherPortGetsNoToken(_ asked: Asked) async throws {
    let elsewhere = try await PlexTestServer(limit: 5)
    let server = try await PlexTestServer(
      limit: 5,
      extraArguments: [
        "--redirect-to", elsewhere.baseURL.absoluteString, "--redirect-match", asked.match,
      ])
    let folders = try ThumbnailFolders()
    let player = try StandInPlayer()
    defer {
      folders.remove()
      player.remove()
    }
    let run = try await run(server, asked, folders: folders, player: player)
    #expect(!run.stderr.contains("Fatal error"), "\(run.stderr)")
    let redirected = try server.requests().filter {
      $0.status == 302 || $0.status == 307
    }
    #expect(!redirected.isEmpty, "the server redirected the \(asked)")
    #expect(redirected.allSatisfy { $0.tokenVia == "header" }, "the token went to its server")
    let there = try elsewhere.requests()
    #expect(there.allSatisfy { $0.tokenVia == nil }, "\(there.map(\.path))")
    if asked == .report {
      #expect(there.isEmpty, "a report is not sent on: \(there.map(\.path))")
      #expect(run.stderr.contains("playback report"), "one warning: \(run.stderr)")
      #expect(run.stderr.components(separatedBy: "playback report").count == 2, "\(run.stderr)")
    } else {
      #expect(!there.isEmpty, "the engine followed the \(asked)'s redirect, without the token")
    }
  }

  @Test func aRedirectOnTheSameServerKeepsTheToken() async throws {
    let server = try await PlexTestServer(
      limit: 5,
      extraArguments: ["--redirect-to", "http://127.0.0.1:{port}", "--redirect-match", "/all$"])
    let run = try await MoviesRun.run(
      server.arguments(["--no-prefetch", "--count", "5", "-c", "list"]),
      environment: PlexTestServer.environment)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.tableRows.count == 5)
    let moved = try server.requests().filter { $0.query["moved"] == "1" }
    #expect(!moved.isEmpty && moved.allSatisfy { $0.tokenVia == "header" && $0.tokenValid })
  }
}
