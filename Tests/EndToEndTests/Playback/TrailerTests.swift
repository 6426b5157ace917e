import Foundation
import TestSupport
import Testing

/// `trailer N` against the local TMDb, Jellyfin and Plex, with a stand-in mpv (and a
/// stand-in yt-dlp on `PATH` where one is meant to be installed): the trailer each server
/// names goes to the player; without yt-dlp or without a trailer, one sentence and the link.
@Suite(.timeLimit(.minutes(3))) struct TrailerTests {
  /// A stand-in mpv, and with `ytdlp` a stand-in yt-dlp, alone on `PATH` (with the python3
  /// the stand-in runs on), so a yt-dlp installed on the machine cannot stand in for none.
  private struct Players {
    let mpv: StandInPlayer
    let ytdlp: StandInProgram?
    var path: String {
      (ytdlp.map { $0.folder.path + ":" } ?? "") + mpv.program.folder.path
    }

    init(ytdlp: Bool) throws {
      mpv = try StandInPlayer()
      self.ytdlp = try ytdlp ? StandInProgram(name: "yt-dlp") { "#!/bin/sh\necho > \($0)\n" } : nil
      // The system's first: a version manager's shim needs the manager on PATH.
      let searched =
        ["/usr/bin"]
        + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
      let python = try #require(
        searched.map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) })
      try FileManager.default.createSymbolicLink(
        atPath: mpv.program.folder.appendingPathComponent("python3").path,
        withDestinationPath: python)
    }

    func remove() {
      mpv.remove()
      ytdlp?.remove()
    }
  }

  private func tmdb(_ server: TMDbTestServer, _ commands: [String], path: String) async throws
    -> MoviesRun
  {
    let cache = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: cache) }
    return try await MoviesRun.run(
      server.arguments(["--no-prefetch"] + commands.flatMap { ["-c", $0] }),
      environment: server.environment(cache: cache, adding: ["PATH": path]))
  }

  /// The row of the first film of the list whose id passes `test`, and its id.
  private func row(in server: TMDbTestServer, where test: (Int) -> Bool) async throws
    -> (row: Int, id: Int)
  {
    let ids = try await server.results().compactMap { $0["id"] as? Int }
    let found = ids.firstIndex(where: test)
    let index = try #require(found)
    return (index + 1, ids[index])
  }

  @Test func tmdbPlaysTheOfficialYouTubeTrailerThroughYTDLP() async throws {
    let server = try await TMDbTestServer(limit: 60)
    let players = try Players(ytdlp: true)
    defer { players.remove() }
    // Every sixth film of the stand-in has only a teaser.
    let film = try await row(in: server) { $0 % 6 != 0 }
    let run = try await tmdb(server, ["trailer \(film.row)"], path: players.path)
    #expect(run.status == 0, "\(run.stderr)")
    let videos = try await server.document("movie/\(film.id)/videos")["results"]
    let official = (videos as? [[String: Any]] ?? []).first {
      $0["type"] as? String == "Trailer" && $0["official"] as? Bool == true
    }
    let key = try #require(official?["key"] as? String)
    let mpv = try #require(try players.mpv.run(), "mpv did not run: \(run.stderr)")
    #expect(mpv.arguments.last == "https://www.youtube.com/watch?v=\(key)")
    #expect(mpv.arguments.contains("--"), "the address cannot be read as an option")
    #expect(run.stdout.contains("Played the trailer of row \(film.row)"))
    let details = try server.requests().filter {
      $0.path.hasPrefix("/3/movie/") && !$0.path.hasSuffix("/videos")  // the oracle's
    }
    #expect(details.map(\.path) == ["/3/movie/\(film.id)"], "the details' one request")
  }

  @Test func withoutYTDLPItSaysSoAndPrintsTheLink() async throws {
    let server = try await TMDbTestServer(limit: 60)
    let players = try Players(ytdlp: false)
    defer { players.remove() }
    let film = try await row(in: server) { $0 % 6 != 0 }
    let run = try await tmdb(server, ["trailer \(film.row)"], path: players.path)
    #expect(try players.mpv.run() == nil, "mpv cannot play YouTube without yt-dlp")
    #expect(run.stderr.contains("yt-dlp, which is not installed"), "\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 1, "one sentence: \(run.stderr)")
    #expect(run.stdout.hasPrefix("https://www.youtube.com/watch?v="), "\(run.stdout)")
  }

  @Test func aFilmWithoutATrailerSaysSoAndPrintsItsPage() async throws {
    let server = try await TMDbTestServer(limit: 60)
    let players = try Players(ytdlp: true)
    defer { players.remove() }
    let film = try await row(in: server) { $0 % 6 == 0 }
    let run = try await tmdb(server, ["trailer \(film.row)"], path: players.path)
    #expect(try players.mpv.run() == nil)
    #expect(run.stderr.contains("Row \(film.row) has no trailer on this source"), "\(run.stderr)")
    #expect(run.stdout == "https://www.themoviedb.org/movie/\(film.id)\n", "\(run.stdout)")
  }

  @Test func jellyfinPlaysItsRemoteTrailer() async throws {
    let server = try await JellyfinTestServer(limit: 30)
    let players = try Players(ytdlp: true)
    defer { players.remove() }
    let arguments = [
      "--source", "jellyfin", "--api", server.baseURL.absoluteString, "--jellyfin-user", "alice",
      "--no-prefetch", "--count", "10", "--json", "-c", "more",
    ]
    let environment = ["JELLYFIN_TOKEN": JellyfinTestServer.apiKey, "PATH": players.path]
    let listed = try await MoviesRun.run(arguments, environment: environment)
    let rows = listed.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }.flatMap { $0["rows"] as? [[String: Any]] ?? [] }
    let withTrailer = try #require(rows.first { $0["trailer"] is String })
    let row = try #require(withTrailer["row"] as? Int)
    let run = try await MoviesRun.run(
      arguments.dropLast(3) + ["-c", "more", "-c", "trailer \(row)"], environment: environment)
    #expect(run.status == 0, "\(run.stderr)")
    let mpv = try #require(try players.mpv.run(), "\(run.stderr)")
    #expect(mpv.arguments.last == withTrailer["trailer"] as? String)
    #expect(mpv.arguments.last?.hasPrefix("https://www.youtube.com/watch?v=") == true)
  }

  @Test func plexPlaysItsTrailerExtraThroughTheRelay() async throws {
    let server = try await PlexTestServer(limit: 30)
    let players = try Players(ytdlp: false)
    defer { players.remove() }
    var environment = PlexTestServer.environment
    environment["PATH"] = players.path
    let run = try await MoviesRun.run(
      server.arguments(["--no-prefetch", "--count", "5", "-c", "trailer 1"]),
      environment: environment)
    #expect(run.status == 0, "\(run.stderr)")
    let mpv = try #require(try players.mpv.run(), "a stream on the server needs no yt-dlp")
    #expect(mpv.streamStatus == 200)
    #expect(mpv.streamFirstLine.hasPrefix("PLEX-TEST-STREAM trailer "), "\(mpv.streamFirstLine)")
    #expect(!mpv.arguments.joined(separator: " ").contains(PlexTestServer.token))
    let stream = try #require(try server.requests().last { $0.path.hasSuffix("/trailer.mp4") })
    #expect(stream.tokenVia == "header")
  }

  @Test func theOfflineCatalogueHasNoTrailer() async throws {
    let run = try await MoviesRun.run(["-c", "trailer 1"])
    #expect(run.stderr.contains("Row 1 has no trailer on this source"), "\(run.stderr)")
  }
}
