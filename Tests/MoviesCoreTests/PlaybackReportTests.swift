import Testing

@testable import MoviesCore

/// Where a film is when the server is told, and what that means: played at 90 % or more,
/// barely started below 5 %, the end once the player got there.
@Suite(.timeLimit(.minutes(1))) struct PlaybackReportTests {
  @Test func theSharesThatMarkAFilmPlayedOrBarelyStarted() {
    func report(_ position: Double, of length: Double?) -> PlaybackReport {
      PlaybackReport(.stopped, position: position, length: length)
    }
    #expect(report(90, of: 100).isPlayedOut)
    #expect(!report(89.9, of: 100).isPlayedOut)
    #expect(report(4.9, of: 100).isBarelyStarted)
    #expect(!report(5, of: 100).isBarelyStarted)
    #expect(report(50, of: nil).isBarelyStarted, "without a length nothing is judged played")
    #expect(!report(50, of: nil).isPlayedOut)
    #expect(report(-3, of: 100).position == 0)
    #expect(report(61.2345, of: 7200).milliseconds == 61_235)
    #expect(report(1, of: 7200).lengthMilliseconds == 7_200_000)
  }

  @Test func theProgressTakesWhatThePlayerSaysAndTheEndItReached() {
    let progress = PlayerProgress(start: 30, length: 100)
    #expect(progress.snapshot.position == 30)
    progress.moved(to: 42.5)
    progress.moved(to: -1)
    progress.moved(to: .nan)
    progress.measured(length: 120)
    progress.measured(length: 0)
    #expect(progress.snapshot.position == 42.5)
    #expect(progress.snapshot.length == 120)
    #expect(PlaybackReport(.stopped, at: progress.snapshot).position == 42.5)
    // A player that reaches the end is near it (a file a little shorter than its length).
    progress.moved(to: 115)
    progress.reachedEnd()
    #expect(PlaybackReport(.stopped, at: progress.snapshot).position == 120, "the end")
    progress.paused(true)
    #expect(progress.snapshot.paused)
  }
}
