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
  /// Reading the stream from its server failed while the player played (a warning: it may
  /// have played part of it).
  case streamFailed(row: RowLabel, TransferFailure)

  /// The code `--json` reports it with.
  public var code: ErrorCode {
    switch self {
    case .notPlayable, .noStream: .noStream
    case .noPlayer: .noPlayer
    case .playerFailed, .refused, .streamFailed: .playFailed
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
    case .streamFailed(let row, let failure):
      "\(row.spoken(capitalized: true))'s stream failed while mpv read it from the server "
        + "(\(failure.explanation)); mpv may have stopped early."
    }
  }
}
