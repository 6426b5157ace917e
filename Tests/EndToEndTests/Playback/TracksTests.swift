import Foundation
import TestSupport
import Testing

/// `tracks N` lists the audio and subtitle tracks the server sent (Jellyfin's `MediaStreams`,
/// Plex's `Stream` entries), in text and JSON; `play N audio:… sub:…` and the config's
/// `audio-language` and `subtitle-language` reach mpv as `--aid`/`--sid` (the server's
/// numbers) or `--alang`/`--slang`; an external subtitle is fetched with the token in the
/// header alone, handed to mpv as a file in its private folder, and removed after.
@Suite(.timeLimit(.minutes(3))) struct TracksTests {
  @Test func jellyfinsTracksAreListedInTextAndJSON() async throws {
    let (server, row, film, player) = try await JellyfinReportTests.scene()
    defer { player.remove() }
    let text = try await JellyfinReportTests.play(
      server, "tracks \(row)\n", player: player, playing: [:])
    #expect(text.status == 0, "\(text.stderr)")
    #expect(
      text.stdout.contains("Row \(row), \"\(film.title)\": 2 audio tracks and 2 subtitle tracks."))
    let lines = text.stdout.split(separator: "\n").map {
      $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
    #expect(lines.contains("audio:1 eng English 5.1 ac3 default"), "\(text.stdout)")
    #expect(lines.contains("audio:2 jpn Japanese - AAC - Stereo aac"))
    #expect(lines.contains("sub:1 eng English - SUBRIP subrip"))
    #expect(lines.contains("sub:2 fre Français (SDH) srt external"))
    let asked = try server.requests().filter { $0.path == "/Items/\(film.id)" }
    #expect(asked.last?.query["Fields"]?.contains("MediaStreams") == true)

    let json = try await JellyfinReportTests.play(
      server, "tracks \(row)\n", player: player, playing: [:], extra: ["--json"])
    // The first page's line, then the command's.
    let line = try #require(json.stdout.split(separator: "\n").last)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(object["command"] as? String == "tracks")
    let audio = try #require(object["audio"] as? [[String: Any]])
    let subtitles = try #require(object["subtitles"] as? [[String: Any]])
    #expect(audio.compactMap { $0["language"] as? String } == ["eng", "jpn"])
    #expect(subtitles.compactMap { $0["external"] as? Bool } == [false, true])
    #expect(subtitles.last?["title"] as? String == "Français (SDH)")
    #expect(audio.first?["default"] as? Bool == true)
  }

  @Test func chosenTracksAndAnExternalSubtitleReachMpvOnJellyfin() async throws {
    let (server, row, film, player) = try await JellyfinReportTests.scene()
    defer { player.remove() }
    let run = try await JellyfinReportTests.play(
      server, "play \(row) audio:ja sub:fr\n", player: player, playing: [:])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.isEmpty, "\(run.stderr)")
    let mpv = try #require(try player.run())
    #expect(mpv.arguments.contains("--aid=2"), "Japanese is the second audio track")
    // The film's own subtitle is sid 1; mpv adds the file after it.
    #expect(mpv.arguments.contains("--sid=2"), "\(mpv.arguments)")
    let subFile = try #require(mpv.arguments.first { $0.hasPrefix("--sub-file=") })
    let path = String(subFile.dropFirst("--sub-file=".count))
    #expect(mpv.subtitleFile?.contains("Sous-titres de \(film.title)") == true)
    #expect(mpv.subtitleModes?.file == "0o600" && mpv.subtitleModes?.folder == "0o700")
    #expect(!FileManager.default.fileExists(atPath: path), "removed with its folder")
    #expect(
      !FileManager.default.fileExists(atPath: (path as NSString).deletingLastPathComponent))
    let fetched = try server.requests().filter { $0.path.contains("/Subtitles/") }
    #expect(fetched.count == 1)
    #expect(fetched.first?.path == "/Videos/\(film.id)/\(film.id)/Subtitles/4/Stream.srt")
    #expect(fetched.first?.status == 200 && fetched.first?.token == "user", "the header's token")
    #expect(fetched.first?.query.isEmpty == true, "no api_key in the address")
    #expect(!mpv.arguments.joined(separator: " ").contains(JellyfinTestServer.bobToken))
  }

  @Test func subOffAndANumberOnPlexAndWithoutAListTheLanguage() async throws {
    let (server, row, film, player) = try await PlexReportTests.scene()
    defer { player.remove() }
    let text = try await PlexReportTests.play(
      server, "tracks \(row)\n", player: player, playing: [:])
    let lines = text.stdout.split(separator: "\n").map {
      $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
    #expect(lines.contains("audio:2 jpn 日本語 (AAC Stereo) aac"), "\(text.stdout)")
    #expect(lines.contains("sub:2 fre Français (SDH) srt external"))

    let run = try await PlexReportTests.play(
      server, "play \(row) audio:2 sub:off\n", player: player, playing: [:])
    #expect(run.status == 0, "\(run.stderr)")
    let mpv = try #require(try player.run())
    #expect(mpv.arguments.contains("--aid=2") && mpv.arguments.contains("--sid=no"))
    #expect(!mpv.arguments.contains { $0.hasPrefix("--sub-file") })

    let external = try await PlexReportTests.play(
      server, "play \(row) sub:2\n", player: player, playing: [:])
    #expect(external.status == 0, "\(external.stderr)")
    let withFile = try #require(try player.run())
    #expect(withFile.subtitleFile?.contains("Sous-titres de \(film.title)") == true)
    let fetched = try server.requests().filter { $0.path.hasPrefix("/library/streams/") }
    #expect(fetched.map(\.path) == ["/library/streams/\(film.id)5"])
    #expect(fetched.allSatisfy { $0.tokenVia == "header" && $0.status == 200 })

    let missing = try await PlexReportTests.play(
      server, "play \(row) audio:5\n", player: player, playing: [:])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("has 2 audio tracks on the server, so there is no audio:5"))
  }

  @Test func theConfigChoosesUnlessThePlayLineDoes() async throws {
    let (server, row, _, player) = try await JellyfinReportTests.scene()
    defer { player.remove() }
    let config = player.program.folder.appendingPathComponent("config")
    try Data("audio-language = jpn\nsubtitle-language = en\n".utf8).write(to: config)
    let chosen = try await JellyfinReportTests.play(
      server, "play \(row)\n", player: player, playing: [:], extra: ["--config", config.path])
    #expect(chosen.status == 0, "\(chosen.stderr)")
    let mpv = try #require(try player.run())
    #expect(mpv.arguments.contains("--aid=2") && mpv.arguments.contains("--sid=1"))
    let told = try await JellyfinReportTests.play(
      server, "play \(row) sub:off\n", player: player, playing: [:],
      extra: ["--config", config.path])
    #expect(told.status == 0, "\(told.stderr)")
    let overridden = try #require(try player.run())
    #expect(overridden.arguments.contains("--sid=no") && overridden.arguments.contains("--aid=2"))
  }

  @Test func aSourceWithoutTracksRefusesInOneSentence() async throws {
    let run = try await MoviesRun.run(["--offline"], input: "tracks 1\n")
    #expect(run.status == 1)
    #expect(
      run.stderr.split(separator: "\n").count == 1
        && run.stderr.contains("does not list films' audio and subtitle tracks"), "\(run.stderr)")
  }
}
