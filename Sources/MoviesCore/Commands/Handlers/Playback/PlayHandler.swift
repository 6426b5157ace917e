extension CommandContext {
  /// Plays `listed` from where the server says it stopped (asked again just before, for a
  /// source that is told what was played), or where `choices` say, with the tracks they or
  /// the settings choose, telling the server as it plays and where it stopped, also after
  /// Ctrl-C or a player that dies. A report the server refuses is one warning: the film has
  /// still played.
  func play(_ listed: Movie, row: RowLabel, _ choices: PlayChoices = PlayChoices()) async throws
    -> (any CommandOutcome, [String])
  {
    guard let streamSource else { throw PlayError.notPlayable }
    // Asked once, before anything is sent: a film without a stream asks the server nothing.
    guard var stream = streamSource.stream(for: listed) else { throw PlayError.noStream(row: row) }
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
    // The server said just now where the film stopped: the stream starts there, unless the
    // line says otherwise.
    let resumes = choices.start == .resume
    stream.start = try Self.start(choices.start, of: movie, row: row)
    warnings += try await chooseTracks(
      for: &stream, of: movie, row: row,
      choices.merging(player.preferredTracks), from: streamSource.trackListing)
    let resolved = try await Self.resolved(stream, through: streamSource.engine, row: row)
    let progress = PlayerProgress(start: stream.start, of: movie)
    let reports = reporter.map { PlaybackReports(to: $0, of: movie, progress: progress) }
    // Both owned here. The start goes beside the player, so a slow server never holds the
    // film back; it is awaited before the stop, which must come after it. The ticker is
    // cancelled as soon as the player is done, whichever way it ends.
    // Said before mpv opens, at a prompt, so the person can start over at once.
    let announced =
      resumes && stream.start > 0
      && announce(Played.resuming(movie, at: stream.start, row: row))
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
    try Self.check(played: try played.get(), row: row, log: player.messagesLog)
    let end = progress.snapshot
    if let failure = end.streamFailure {
      warnings.append(PlayError.streamFailed(row: row, failure).message)
    }
    warnings += reports?.warning.map { [$0] } ?? []
    let ended = end.heard ? PlaybackReport(.stopped, at: end).playback : nil
    if let ended { await updateMarks(of: movie.changing { $0.playback = ended }) }
    var outcome = Played(
      movie: movie, row: row, from: stream.start, resumed: resumes && stream.start > 0,
      resumeSaid: announced,
      ended: ended, streamEndedEarly: end.streamEndedEarly)
    if ended?.played == true, movie.kind == .episode, !Task.isCancelled {
      // Not finding it loses nothing: the episode has played.
      do {
        outcome.next = try await episode(after: movie)
      } catch is CancellationError {
      } catch {
        warnings.append(ErrorDescriber.plain.message(for: error))
      }
    }
    return (outcome, warnings)
  }

  /// Where `start` says the film starts: where the server says it stopped, the beginning, or
  /// a time, which must be before the film's end when its length is known.
  static func start(_ start: PlayChoices.Start, of movie: Movie, row: RowLabel) throws -> Int {
    switch start {
    case .resume: return movie.playback?.resumePosition ?? 0
    case .beginning: return 0
    case .at(let seconds):
      let length = movie.playback?.length ?? movie.runningTime.map { min($0, Int.max / 60) * 60 }
      if let length, length > 0, seconds >= length {
        throw PlayError.pastTheEnd(row: row, start: seconds, length: length)
      }
      return seconds
    }
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
  static func check(played status: Int32, row: RowLabel, log: String?) throws {
    guard status == 0 || Task.isCancelled else {
      throw PlayError.playerFailed(row: row, status: status, log: log)
    }
  }
}
