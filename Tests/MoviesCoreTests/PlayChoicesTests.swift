import Testing

@testable import MoviesCore

/// `play N from:… audio:… sub:…` as parsed, the track a choice finds among the server's,
/// and the length a play is judged by: the server's, whatever the player measures.
@Suite(.timeLimit(.minutes(1))) struct PlayChoicesTests {
  @Test func theLineParsesIntoChoices() throws {
    #expect(try Command.parse("play 3") == .play(RowLabel(3), PlayChoices()))
    #expect(
      try Command.parse("play w2 from:start AUDIO:JA sub:off")
        == .play(
          RowLabel(2, .entry),
          PlayChoices(start: .beginning, audio: .language("ja"), subtitles: .off)))
    #expect(
      try Command.parse("play 1 from:12:30") == .play(RowLabel(1), PlayChoices(start: .at(750))))
    #expect(
      try Command.parse("play 1 from:1:02:03 sub:2")
        == .play(RowLabel(1), PlayChoices(start: .at(3723), subtitles: .number(2))))
    #expect(
      try Command.parse("play 1 from:0:00") == .play(RowLabel(1), PlayChoices(start: .beginning)))
    #expect(
      try Command.parse("play 1 audio:pt-BR")
        == .play(RowLabel(1), PlayChoices(audio: .language("pt-br"))))
  }

  @Test(arguments: [
    "play 1 from:12:60", "play 1 from:1:2:03", "play 1 from:+1:00", "play 1 from:", "play 1 at:1",
    "play 1 from:1:00 from:2:00", "play 1 audio:x", "play 1 sub:0", "play 1 sub:e\u{1B}n",
    "play 1 3",
    "play 1 from:99999999:00",
  ])
  func aBadChoiceIsAUsageError(_ line: String) {
    #expect(throws: Command.ParseError.self) { try Command.parse(line) }
  }

  @Test func aLanguageFindsItsTrackInEitherSpellingAndPrefersTheFilesOwn() {
    let tracks = MediaTracks([
      MediaTrack(
        kind: .subtitles, language: "fre", title: nil, codec: "srt", isDefault: false,
        isExternal: true),
      MediaTrack(
        kind: .audio, language: "eng", title: nil, codec: "ac3", isDefault: true, isExternal: false),
      MediaTrack(
        kind: .audio, language: "jpn", title: nil, codec: "aac", isDefault: false, isExternal: false
      ),
      MediaTrack(
        kind: .subtitles, language: "fra", title: nil, codec: "ass", isDefault: false,
        isExternal: false),
    ])
    #expect(tracks.find(.language("ja"), .audio)?.number == 2)
    #expect(
      tracks.find(.language("fr"), .subtitles)?.track.isExternal == false, "the file's own first")
    #expect(
      tracks.subtitles.last?.isExternal == true, "external ones after the file's, as mpv counts")
    #expect(tracks.find(.language("de"), .audio) == nil)
    #expect(tracks.find(.number(3), .audio) == nil)
    #expect(tracks.find(.off, .subtitles) == nil)
    #expect(LanguageCode.spellings(of: "ja") == ["ja", "jpn"])
    #expect(LanguageCode.spellings(of: "fre") == ["fre", "fr", "fra"])
  }

  @Test func theServersLengthStandsAndAStreamEndingAtOnceIsNotPlayed() {
    let film = Movie(id: "1", title: "Heat", runningTime: 90)
    let progress = PlayerProgress(start: 0, of: film)
    progress.measured(length: 1)
    progress.moved(to: 1)
    progress.reachedEnd()
    let end = progress.snapshot
    #expect(end.length == 5400, "the server's running time, not mpv's second")
    #expect(end.streamEndedEarly)
    let report = PlaybackReport(.stopped, at: end)
    #expect(report.position == 1 && !report.isPlayedOut)

    let unknown = PlayerProgress(start: 0, of: Movie(id: "2", title: "No length"))
    unknown.measured(length: 600)
    unknown.moved(to: 600)
    unknown.reachedEnd()
    #expect(unknown.snapshot.length == 600, "mpv's duration when the server has none")
    #expect(!unknown.snapshot.streamEndedEarly)
    #expect(PlaybackReport(.stopped, at: unknown.snapshot).isPlayedOut)
  }
}
