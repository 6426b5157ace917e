import Synchronization

/// The reports of one `play N` to its source: started, then where it is every
/// ``interval`` while the player plays, then stopped, each read from the player's
/// ``PlayerProgress``. A report the server refuses does not stop the film: the first failure
/// is kept for one warning after it.
final class PlaybackReports: Sendable {
  /// How often a report says where playing is: media servers' own clients report about every
  /// ten seconds.
  static let interval = Duration.seconds(10)

  private let reporter: any PlaybackReporting
  private let movie: Movie
  private let progress: PlayerProgress
  private let failure = Mutex<(any Error)?>(nil)

  init(to reporter: any PlaybackReporting, of movie: Movie, progress: PlayerProgress) {
    self.reporter = reporter
    self.movie = movie
    self.progress = progress
  }

  /// Tells the server `state` at `moment` (where the player is now, unless given); a
  /// failure is kept, not thrown.
  func send(_ state: PlaybackReport.State, at moment: PlayerProgress.Snapshot? = nil) async {
    let now = moment ?? progress.snapshot
    let report = PlaybackReport(state == .playing && now.paused ? .paused : state, at: now)
    do {
      try await reporter.report(report, of: movie)
    } catch is CancellationError {
      // Ended with the play; the stopped report says where it got to.
    } catch {
      failure.withLock { first in first = first ?? error }
    }
  }

  /// Reports where playing is every ``interval`` until the calling task is cancelled.
  func keepReporting() async {
    while (try? await Task.sleep(for: Self.interval)) != nil {
      await send(.playing)
    }
  }

  /// The stopped report, sent even when the play was cancelled (Ctrl-C quitting the player):
  /// in a task of its own, which that cancellation does not reach, awaited here, and bounded
  /// by the source's deadline for a report. A Ctrl-C that comes while it is awaited (a server
  /// that does not answer) cuts it short.
  func sendStopped() async {
    let stopped = Task { await self.send(.stopped) }
    guard !Task.isCancelled else { return await stopped.value }
    await withTaskCancellationHandler {
      await stopped.value
    } onCancel: {
      stopped.cancel()
    }
  }

  /// The one warning for the reports the server did not take; nil when it took them all.
  var warning: String? {
    failure.withLock { $0 }.map { ErrorDescriber.plain.message(for: $0) }
  }
}
