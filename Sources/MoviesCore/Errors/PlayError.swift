/// Why `play N` did not play.
public enum PlayError: Swift.Error, Sendable, Equatable, UserFacingError {
  /// The source has no streams (the offline catalogue, a Hoppin server).
  case notPlayable
  case noStream(row: RowLabel)
  /// `tracks N` on a source that does not list a film's tracks.
  case noTracks
  /// No player is installed.
  case noPlayer
  /// The player ran and exited with this status.
  /// The player ran and exited with this status; its messages are in `log`, if anywhere.
  case playerFailed(row: RowLabel, status: Int32, log: String?)
  /// `play 3 audio:4` on a film with fewer audio tracks, as the server lists them.
  case noSuchTrack(row: RowLabel, kind: MediaTrack.Kind, number: Int, count: Int)
  /// No track of the kind is in the language asked for (a warning: the player looks itself).
  case noTrackIn(row: RowLabel, kind: MediaTrack.Kind, String)
  /// `play 3 from:2:00:00` on a film shorter than that.
  case pastTheEnd(row: RowLabel, start: Int, length: Int)
  /// The stream leads somewhere no player may be sent with its headers, or nowhere.
  case refused(row: RowLabel, StreamRequest.Refusal)
  /// Reading the stream from its server failed while the player played (a warning: it may
  /// have played part of it).
  case streamFailed(row: RowLabel, TransferFailure)

  /// The code `--json` reports it with.
  public var code: ErrorCode {
    switch self {
    case .notPlayable, .noStream, .noTracks: .noStream
    case .noPlayer: .noPlayer
    case .playerFailed, .refused, .streamFailed: .playFailed
    case .pastTheEnd, .noSuchTrack, .noTrackIn: .usage
    }
  }

  /// What went wrong and, where a command helps, what to type.
  public var message: String {
    switch self {
    case .notPlayable:
      "This source has no streams to play; 'play' plays films from a media server's library, such as Jellyfin's."
    case .noTracks:
      "This source does not list films' audio and subtitle tracks; 'tracks' needs a media server's library, such as Jellyfin's."
    case .noStream(let row):
      "\(row.spoken(capitalized: true)) has no stream to play; 'show \(row)' prints what it has."
    case .noPlayer:
      "'play' needs mpv (on Debian or Ubuntu: 'sudo apt-get install mpv'); "
        + "'open N' shows the film in the server's web client."
    case .playerFailed(let row, let status, let log):
      "mpv stopped with status \(status) while playing \(row.spoken())"
        + (log.map { "; its messages are in \(TerminalText.escape($0))." } ?? ".")
    case .noSuchTrack(let row, let kind, let number, let count):
      "\(row.spoken(capitalized: true)) has \(count) \(kind.noun) track\(count == 1 ? "" : "s") "
        + "on the server, so there is no \(kind.word):\(number); 'tracks \(row)' lists them."
    case .noTrackIn(let row, let kind, let language):
      "The server lists no \(kind.noun) track of \(row.spoken()) in '\(TerminalText.escape(language))'; "
        + "mpv looks for one itself ('tracks \(row)' lists them)."
    case .pastTheEnd(let row, let start, let length):
      "\(row.spoken(capitalized: true)) is \(Playback.clock(length)) long, so it cannot start at "
        + "\(Playback.clock(start)); type 'play \(row) from:start' or a time before its end."
    case .refused(let row, let refusal):
      "\(row.spoken(capitalized: true))'s stream \(refusal.explanation), so it was not played."
    case .streamFailed(let row, let failure):
      "\(row.spoken(capitalized: true))'s stream failed while mpv read it from the server "
        + "(\(failure.explanation)); mpv may have stopped early."
    }
  }
}
