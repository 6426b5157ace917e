/// A command's result, rendered for the terminal to print.
public struct Reply: Sendable, Equatable {
  /// Text for standard output, already escaped and styled.
  public var output = ""
  /// Notes that did not stop the command (skipped rows), one sentence each, not escaped.
  public var warnings: [String] = []
  /// Why the command failed, not escaped; nil when it succeeded.
  public var error: String?
  /// True after `quit`.
  public var quits = false
  /// True when the command was cancelled (Ctrl-C) before it finished.
  public var wasCancelled = false
  /// The row numbers of the rows in view after this reply (see ``RowsInView``), for
  /// completing `show N` and `thumb N`; nil when the reply does not say (the view stays).
  public var shownRows: [Int]?
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
    shownRows = result.view?.rowNumbers
    if case .success(.quit) = result.outcome { quits = true }
  }
}
