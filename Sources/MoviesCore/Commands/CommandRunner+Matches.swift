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

/// `show fN`, `thumb fN`, `open fN`, `play fN`, `trailer fN`, `similar fN`, `watch fN` and
/// `unwatch fN`: the row commands
/// on the matches of the last `find` the source ran on its server, which are not rows of
/// the list. They do what the command does to a row.
extension CommandRunner {
  func perform(
    _ action: Command.RowAction, onMatch number: Int,
    early: (@Sendable (CommandOutcome) -> Void)?
  ) async throws -> (CommandOutcome, [String]) {
    guard let matches = view.matches, matches.indices.contains(number - 1) else {
      throw MatchError.noSuchMatch(number, count: view.matches?.count)
    }
    let movie = matches[number - 1]
    let row = RowLabel(number, .match)
    switch action {
    case .show: return await show(movie, row: row, early: early)
    case .thumb: return (try await saveThumbnail(of: movie, row: row), [])
    case .open: return (try await open(movie, row: row), [])
    case .play: return (try await play(movie, row: row), [])
    case .trailer: return try await trailer(movie, row: row)
    case .similar: return try await similar(movie, row: row)
    case .watch: return (try await watch(movie, row: row), [])
    case .unwatch: return (try await unwatch(movie), [])
    }
  }
}
