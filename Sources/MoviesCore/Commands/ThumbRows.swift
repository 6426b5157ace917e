/// The rows `thumb N-M` or `thumb all` asks for.
public enum ThumbRows: Sendable, Hashable {
  /// From N to M, both included.
  case range(ClosedRange<Int>)
  /// Every row in view (see ``RowsInView``).
  case all

  /// Past this many rows, `thumb` asks first at the prompt, and a script must name the rows:
  /// `thumb all` after a full `find` could otherwise start tens of thousands of downloads.
  public static let askAbove = 100

  /// Why `thumb all` saved nothing.
  public enum Error: Swift.Error, Sendable, Equatable, UserFacingError {
    /// No table is on screen, or the one on screen is not the list's.
    case nothingInView(watchlist: Bool)
    /// More rows than a script may save without naming them.
    case tooMany(Int)

    public var code: ErrorCode {
      if case .tooMany = self { return .usage }
      return .noSuchRow
    }

    public var message: String {
      switch self {
      case .nothingInView(watchlist: true):
        "'thumb all' saves the rows of the list in view, and the watchlist is; "
          + "'thumb wN' saves an entry's, 'list' shows the list again."
      case .nothingInView:
        "No rows are in view; 'more' or 'list' shows some, and 'thumb all' saves theirs."
      case .tooMany(let count):
        "'thumb all' would save \(Format.grouped(count)) thumbnails; name the rows to save "
          + "that many, such as 'thumb 1-\(count)'."
      }
    }
  }
}
