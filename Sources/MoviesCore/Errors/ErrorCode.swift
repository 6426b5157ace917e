/// A short, stable name for each kind of failure, for scripts reading `--json` output
/// (`error.code`). Each error type names its own next to its message (``UserFacingError``);
/// the raw strings never change, scripts depend on them.
public enum ErrorCode: String, Sendable, Hashable, CaseIterable {
  /// A line or a search that is not understood.
  case usage
  /// A row or watchlist entry that is not there.
  case noSuchRow = "no_such_row"
  case unknownGenre = "unknown_genre"
  case noGenreList = "no_genre_list"
  case noLink = "no_link"
  /// The movie source failed: the network, the server, the offline catalogue.
  case source
  case openFailed = "open_failed"
  case thumbnail
  /// The watchlist's file failed.
  case watchlist
  /// `resume` with nothing (or another source's session) saved.
  case noSession = "no_session"
  /// Ctrl-C.
  case cancelled
  case noPicker = "no_picker"
  /// `play N` on a source without streams, or a film without one.
  case noStream = "no_stream"
  /// `play N` without mpv.
  case noPlayer = "no_player"
  /// The player ran and failed.
  case playFailed = "play_failed"
  /// A failure no type explains: a bug to report.
  case `internal`
}
