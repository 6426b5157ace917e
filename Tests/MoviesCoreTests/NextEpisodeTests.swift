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

  @Test func theNextLineNamesTheEpisodeAndTheCommand() {
    #expect(
      Played.nextLine(Self.episode(1, 3))
        == "Next: The 100 S01E03 \"Episode 3\" — type 'next' to play it.\n")
  }
}
