/// The rows `thumb N-M` or `thumb all` asks for.
public enum ThumbRows: Sendable, Hashable {
  /// From N to M, both included.
  case range(ClosedRange<Int>)
  /// Every row in view (see ``RowsInView``): the list's, or the watchlist's entries.
  case all

  /// Past this many rows, `thumb` asks first at the prompt, and a script must name the rows:
  /// `thumb all` after a full `find` could otherwise start tens of thousands of downloads.
  public static let askAbove = 100

  /// Why `thumb all` saved nothing.
  public enum Error: Swift.Error, Sendable, Equatable, UserFacingError {
    /// No table is on screen, or it has no rows.
    case nothingInView
    /// More rows than a script may save without naming them; `kind` says what is in view.
    case tooMany(Int, RowLabel.Kind)

    /// The code `--json` reports it with.
    public var code: ErrorCode {
      if case .tooMany = self { return .usage }
      return .noSuchRow
    }

    /// What went wrong and, where a command helps, what to type.
    public var message: String {
      switch self {
      case .nothingInView:
        "No rows are in view; 'more' or 'list' shows some, and 'thumb all' saves theirs."
      case .tooMany(let count, .row):
        "'thumb all' would save \(Format.grouped(count)) thumbnails; name the rows to save "
          + "that many, such as 'thumb 1-\(count)'."
      // Ranges are rows of the list: entries and matches are named one at a time.
      case .tooMany(let count, let kind):
        "'thumb all' would save \(Format.grouped(count)) thumbnails; a script saves "
          + "\(kind == .entry ? "entries" : "matches") one at a time ('thumb \(RowLabel(1, kind))'), "
          + "and at the prompt 'thumb all' asks first."
      }
    }
  }
}
