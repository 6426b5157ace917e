extension CommandRunner {
  /// Why `play N` did not play.
  public enum PlayError: Swift.Error, Sendable, Equatable, UserFacingError {
    /// The source has no streams (the offline catalogue, a Hoppin server).
    case notPlayable
    case noStream(row: RowLabel)
    /// No player is installed.
    case noPlayer
    /// The player ran and exited with this status.
    case playerFailed(row: RowLabel, status: Int32)
    /// The stream leads somewhere no player may be sent with its headers, or nowhere.
    case refused(row: RowLabel, StreamRequest.Refusal)

    /// The code `--json` reports it with.
    public var code: ErrorCode {
      switch self {
      case .notPlayable, .noStream: .noStream
      case .noPlayer: .noPlayer
      case .playerFailed, .refused: .playFailed
      }
    }

    /// What went wrong and, where a command helps, what to type.
    public var message: String {
      switch self {
      case .notPlayable:
        "This source has no streams to play; 'play' plays films from a media server's library, such as Jellyfin's."
      case .noStream(let row):
        "\(row.spoken(capitalized: true)) has no stream to play; 'show \(row)' prints what it has."
      case .noPlayer:
        "'play' needs mpv (on Debian or Ubuntu: 'sudo apt-get install mpv'); "
          + "'open N' shows the film in the server's web client."
      case .playerFailed(let row, let status):
        "mpv stopped with status \(status) while playing \(row.spoken()); its own messages say why."
      case .refused(let row, let refusal):
        "\(row.spoken(capitalized: true))'s stream \(refusal.explanation), so it was not played."
      }
    }
  }

  /// Plays `listed` from where the server says it stopped (asked again just before, for a
  /// source that is told what was played), telling the server as it plays and where it
  /// stopped, also after Ctrl-C or a player that dies. A report the server refuses is one
  /// warning: the film has still played.
  func play(_ listed: Movie, row: RowLabel) async throws -> (CommandOutcome, [String]) {
    guard let streamSource else { throw PlayError.notPlayable }
    guard streamSource.stream(for: listed) != nil else { throw PlayError.noStream(row: row) }
    guard let player else { throw PlayError.noPlayer }
    let reporter = streamSource.playbackReporter
    var warnings: [String] = []
    var movie = listed
    if let reporter {
      do {
        movie = try await reporter.refreshed(listed)
      } catch is CancellationError {
        throw CancellationError()
      } catch {
        warnings.append(ErrorDescriber.plain.message(for: error))
      }
    }
    guard let stream = streamSource.stream(for: movie) else { throw PlayError.noStream(row: row) }
    let resolved = try await Self.resolved(stream, through: streamSource.engine, row: row)
    let progress = PlayerProgress(start: stream.start, of: movie)
    let reports = reporter.map { PlaybackReports(to: $0, of: movie, progress: progress) }
    // Both owned here. The start goes beside the player, so a slow server never holds the
    // film back; it is awaited before the stop, which must come after it. The ticker is
    // cancelled as soon as the player is done, whichever way it ends.
    let start = progress.snapshot
    let started = reports.map { reports in Task { await reports.send(.started, at: start) } }
    let ticker = reports.map { reports in Task { await reports.keepReporting() } }
    let played: Result<Int32, any Swift.Error>
    do {
      played = .success(try await player.play(resolved, progress: progress))
    } catch {
      played = .failure(error)
    }
    ticker?.cancel()
    await started?.value
    await reports?.sendStopped()
    try Self.check(played: try played.get(), row: row)
    warnings += reports?.warning.map { [$0] } ?? []
    let end = progress.snapshot
    let ended = end.heard ? PlaybackReport(.stopped, at: end).playback : nil
    return (.played(movie, row: row, from: stream.start, ended: ended), warnings)
  }

  /// The stream with its server's redirect followed; a refused one is said as `row`'s.
  static func resolved(
    _ stream: StreamRequest, through engine: HTTPEngine, row: RowLabel
  ) async throws -> StreamRequest {
    do {
      return try await stream.resolved(through: engine)
    } catch let refusal as StreamRequest.Refusal {
      throw PlayError.refused(row: row, refusal)
    }
  }

  /// Throws unless the player ended well. Ctrl-C asked it to quit: its status is then the
  /// quitting's, not a failure.
  static func check(played status: Int32, row: RowLabel) throws {
    guard status == 0 || Task.isCancelled else {
      throw PlayError.playerFailed(row: row, status: status)
    }
  }
}
