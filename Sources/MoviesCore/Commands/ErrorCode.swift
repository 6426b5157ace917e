/// A short, stable name for each kind of failure, for scripts reading `--json` output.
public enum ErrorCode {
  /// `usage`, `no_such_row`, `unknown_genre`, `no_genre_list`, `no_link`, `source`,
  /// `open_failed`, `thumbnail`, `watchlist`, `no_session`, `cancelled`, `no_picker` or `internal`.
  public static func of(_ error: any Error) -> String {
    switch error {
    case is Command.ParseError, is MovieSearch.Error: return "usage"
    case is Browser.Error: return "no_such_row"
    case let error as WatchlistError:
      if case .noSuchEntry = error { return "no_such_row" }
      return "thumbnail"
    case let error as CommandRunner.Error:
      switch error {
      case .noGenreList: return "no_genre_list"
      case .unknownGenre: return "unknown_genre"
      case .noLink: return "no_link"
      case .noPicker: return "no_picker"
      case .openFailed: return "open_failed"
      }
    case let error as HoppinGenres.Error:
      if case .notOffered = error { return "no_genre_list" }
      return "source"
    case is HoppinClient.Error, is OfflineCatalogue.Error, is MoviePageParser.Error,
      is GenreListParser.Error:
      return "source"
    case is ThumbnailStore.Error: return "thumbnail"
    case let error as LibraryError:
      switch error {
      case .nothingSaved, .otherSource: return "no_session"
      default: return "watchlist"
      }
    case is CancellationError: return "cancelled"
    default: return "internal"
    }
  }
}
