/// A command's result, rendered for the terminal to print.
public struct Reply: Sendable, Equatable {
  /// Text for standard output, already escaped and styled.
  public var output = ""
  /// Notes that did not stop the command (skipped rows), one sentence each, not escaped.
  public var warnings: [String] = []
  /// Why the command failed, not escaped; nil when it succeeded.
  public var error: String?
  /// The failure's code, when the command failed as a whole.
  public var errorCode: ErrorCode?
  /// True after `quit`.
  public var quits = false
  /// True when the command was cancelled (Ctrl-C) before it finished.
  public var wasCancelled = false
  /// The row numbers of the table this reply shows, for completing `show N` and `thumb N`;
  /// empty when it shows none.
  public var shownRows: [Int] = []
  /// The list after the command, for the prompt, completion and the next spinner's label;
  /// nil when the command left it as it was.
  public var list: ListStatus?

  public init(output: String = "", warnings: [String] = [], error: String? = nil) {
    self.output = output
    self.warnings = warnings
    self.error = error
  }

  /// The reply to `result` before its text: its warnings in the describer's words, and what
  /// the prompt needs next.
  init(for result: CommandResult, describer: ErrorDescriber) {
    warnings = result.warnings(describedBy: describer)
    list = result.list
    switch result.outcome {
    case .success(let outcome):
      shownRows = Self.shownRows(outcome)
      if case .quit = outcome { quits = true }
    case .failure(let error):
      errorCode = describer.code(for: error)
    }
  }

  /// The rows Tab offers after this reply: those its table shows, else the ones offered
  /// before (`current`, for the list `before`), unless the command started a new list, even
  /// an empty one: `genre`, or `skip` past the failed first page of one.
  public func rowsOffered(after command: Command, replacing current: [Int], in before: ListStatus)
    -> [Int]
  {
    let newQuery = list.map { $0.query != before.query } ?? false
    if !shownRows.isEmpty || newQuery || (command.startsANewList && error == nil) {
      return shownRows
    }
    return current
  }

  /// The rows a reply's table shows.
  static func shownRows(_ outcome: CommandOutcome) -> [Int] {
    switch outcome {
    case .pageLoaded(let added, _), .restarted(let added, _), .resumed(let added, _):
      added.range.map(Array.init) ?? []
    case .list(let list): Array((0..<list.movies.count).map { $0 + 1 })
    case .found(let found): found.matches.map(\.row)
    default: []
    }
  }
}
