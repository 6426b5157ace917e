import Foundation
import TestSupport
import Testing

/// `play N` resumes where the server says it stopped and says so in one line; `from:start`
/// and `from:M:SS` start where asked, with no question, in a script: the start reaches mpv
/// as its `--start` and the server as the start report's position. A bad `from:` is one
/// sentence, and nothing is played.
@Suite(.timeLimit(.minutes(3))) struct PlayFromTests {
  @Test func fromATimeThenResumeThenFromTheStartOnJellyfin() async throws {
    let (server, row, film, player) = try await JellyfinReportTests.scene()
    defer { player.remove() }
    // The stand-in quits at once, where it started: each play stops where it began.
    let first = try await JellyfinReportTests.play(
      server, "play \(row) from:12:30\n", player: player, playing: [:])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(try #require(try player.run()).arguments.contains("--start=750"))
    #expect(!first.stdout.contains("Resuming"), "it did not resume: it was told where")

    let second = try await JellyfinReportTests.play(
      server, "play \(row)\n", player: player, playing: [:])
    #expect(second.status == 0, "\(second.stderr)")
    let title = film.title
    #expect(
      second.stdout.contains(
        "Resuming \"\(title)\" at 12:30 ('play \(row) from:start' starts over)."),
      "\(second.stdout)")
    #expect(try #require(try player.run()).arguments.contains("--start=750"))

    let third = try await JellyfinReportTests.play(
      server, "play \(row) from:start\n", player: player, playing: [:])
    #expect(third.status == 0, "\(third.stderr)")
    #expect(!third.stdout.contains("Resuming"))
    let mpv = try #require(try player.run())
    #expect(!mpv.arguments.contains { $0.hasPrefix("--start") }, "\(mpv.arguments)")
    let starts = try JellyfinReportTests.reports(server, "/Sessions/Playing").map(\.seconds)
    #expect(starts == [750, 750, 0], "the server was told each start")
  }

  @Test func fromHoursMinutesAndSecondsOnPlex() async throws {
    let (server, row, _, player) = try await PlexReportTests.scene()
    defer { player.remove() }
    let run = try await PlexReportTests.play(
      server, "play \(row) from:1:02:03\n", player: player, playing: [:])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try #require(try player.run()).arguments.contains("--start=3723"))
    let playing = try PlexReportTests.timelines(server).filter { $0.query["state"] == "playing" }
    #expect(playing.first?.query["time"] == "3723000", "the start report says where it began")
  }

  @Test(arguments: ["from:12:75", "from:soon", "from:-1:00", "from:1:2:3", "at:5"])
  func aBadStartIsOneSentenceAndNothingPlays(_ word: String) async throws {
    let (server, row, _, player) = try await JellyfinReportTests.scene()
    defer { player.remove() }
    let run = try await JellyfinReportTests.play(
      server, "play \(row) \(word)\n", player: player, playing: [:])
    #expect(run.status == 1)
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 1, "one sentence: \(run.stderr)")
    #expect(run.stderr.contains(word.hasPrefix("from:") ? "from:start" : "from:, audio: or sub:"))
    #expect(try player.run() == nil, "mpv never started")
    #expect(try !server.requests().contains { $0.path.hasSuffix("/stream") })
  }

  @Test func aStartPastTheFilmsEndIsRefused() async throws {
    let (server, row, film, player) = try await JellyfinReportTests.scene()
    defer { player.remove() }
    let run = try await JellyfinReportTests.play(
      server, "play \(row) from:9:59:00\n", player: player, playing: [:])
    #expect(run.status == 1)
    #expect(run.stderr.contains("cannot start at 9:59:00"), "\(run.stderr)")
    #expect(run.stderr.contains("\(Int(film.length) / 3600):"), "its length is said")
    #expect(try player.run() == nil)
  }
}
