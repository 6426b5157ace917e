/// Why a command on `fN` could not be carried out.
public enum MatchError: Swift.Error, Sendable, Equatable, UserFacingError {
  /// No match N; `count` is how many the last server search that found any found, nil
  /// before the first.
  case noSuchMatch(Int, count: Int?)

  /// The code `--json` reports it with.
  public var code: ErrorCode { .noSuchRow }

  /// What went wrong and, where a command helps, what to type.
  public var message: String {
    guard case .noSuchMatch(let number, let count) = self else { return "" }
    let match = RowLabel(number, .match)
    switch count {
    case nil:
      return "There is no match \(match): 'find WORDS' numbers its matches f1, f2, … on a "
        + "source that searches on its server; rows of the list are plain numbers."
    case let count?:
      return "There is no match \(match); 'find' numbered f1 to \(RowLabel(count, .match))."
    }
  }
}
