import Testing

@testable import MoviesCore

/// Which episode comes next: the first not played, and the one after an episode, in season and
/// episode order whatever order the server listed them in; and the `Next:` line that names it.
@Suite(.timeLimit(.minutes(1))) struct NextEpisodeTests {
  private static func episode(_ season: Int, _ number: Int, played: Bool = false) -> Movie {
    Movie(
      id: "e\(season)-\(number)", title: "Episode \(number)",
      playback: played ? Playback(played: true) : nil, kind: .episode,
      episode: EpisodePlace(seriesID: "s1", seriesTitle: "The 100", season: season, episode: number)
    )
  }

  /// Listed out of order, with a row that is not an episode among them.
  private let listed = [
    episode(1, 3), episode(1, 1, played: true), Movie(id: "x", title: "Extra"), episode(1, 2),
    episode(2, 1),
  ]

  @Test func theFirstNotPlayedIsInEpisodeOrder() {
    let found = CommandContext.firstEpisode(in: listed, after: nil) { $0.playback?.played != true }
    #expect(found?.id == "e1-2")
  }

  @Test func theOneAfterAnEpisodeIsTheNextInItsSeasonThenTheNextSeason() {
    let after = { (season: Int, number: Int) in
      CommandContext.firstEpisode(
        in: self.listed, after: Self.episode(season, number).episode
      ) { _ in true }?.id
    }
    #expect(after(1, 1) == "e1-2")
    #expect(after(1, 2) == "e1-3")
    #expect(after(1, 3) == "e2-1")
    #expect(after(2, 1) == nil, "nothing after the last")
  }

  /// A source that lists series but knows no next up: `Show 1` all played, `Show 2` with no
  /// seasons, `Show 3` with seasons of no episodes.
  private func runner() -> (CommandRunner, FakeMovieSource) {
    var series = FakeSeries.numbered(3, seasons: 2, episodes: 2)
    series.episodes["s1"] = series.episodes["s1"]?.mapValues { episodes in
      episodes.map { $0.changing { $0.playback = Playback(played: true) } }
    }
    series.seasons["s2"] = []
    series.episodes["s3"] = [:]
    var capabilities = SourceCapabilities()
    capabilities.listsSeries = true
    let source = FakeMovieSource(
      movies: FakeMovieSource.numbered(5), capabilities: capabilities, series: series)
    return (CommandRunner(testing: source), source)
  }

  private func run(_ line: String, on runner: CommandRunner) async throws -> Reply {
    await runner.run(
      try #require(try Command.parse(line)),
      layout: TextRenderer.Layout(width: 100, palette: .plain, unicode: true))
  }

  @Test func aSeriesAllPlayedOrWithoutEpisodesIsRefusedInOneSentence() async throws {
    let (runner, source) = runner()
    _ = try await run("series", on: runner)
    let played = try await run("play 1", on: runner)
    #expect(played.error == SeriesError.allPlayed(series: "Show 1").message)
    #expect(source.seriesCalls == ["seasons s1"], "no next up asked of a source without one")
    let empty = try await run("play 2", on: runner)
    #expect(empty.error == SeriesError.noEpisodes(series: "Show 2", season: nil).message)
    let emptySeasons = try await run("play 3", on: runner)
    #expect(emptySeasons.error == SeriesError.noEpisodes(series: "Show 3", season: nil).message)
  }

  @Test func nextBeforeAnyEpisodeIsRefusedNamingPlayOnASeriesRow() async throws {
    let (runner, source) = runner()
    _ = try await run("series", on: runner)
    let next = try await run("next", on: runner)
    #expect(next.error?.contains("'play N' on a series row") == true, "\(next.error ?? "")")
    #expect(source.seriesCalls.isEmpty)
  }

  @Test func theNextLineNamesTheEpisodeAndTheCommand() {
    #expect(
      Played.nextLine(Self.episode(1, 3))
        == "Next: The 100 S01E03 \"Episode 3\" — type 'next' to play it.\n")
  }
}
