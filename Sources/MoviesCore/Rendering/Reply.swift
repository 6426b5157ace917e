/// A command's result, rendered for the terminal to print.
public struct Reply: Sendable {
  /// Text for standard output, already escaped and styled.
  public var output = ""
  /// Rows printed after ``output``, rendered as they are written (`list`); nil for none.
  public var rows: RowStream?
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
  /// The rows in view after this reply, for completing `show N` and `thumb N` (or `show wN`
  /// after `watchlist`); nil when the reply does not say (the view stays).
  public var view: RowsInView?
  /// The list after the command, for the prompt, completion and the next spinner's label;
  /// nil when the command left it as it was.
  public var list: ListStatus?

  /// A reply of `output`, with its warnings and error.
  public init(output: String = "", warnings: [String] = [], error: String? = nil) {
    self.output = output
    self.warnings = warnings
    self.error = error
  }

  /// Everything it prints: ``output``, then ``rows`` rendered.
  public var text: String { output + (rows?.text ?? "") }

  /// How many lines it prints, without rendering ``rows``.
  public var lineCount: Int { Self.lineCount(of: output) + (rows?.lineCount ?? 0) }

  static func lineCount(of text: String) -> Int {
    text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
  }

  /// The reply to `result` before its text: its warnings in the describer's words, whether
  /// it failed or was cancelled as the result decided it, and what the prompt needs next.
  init(for result: CommandResult, describer: ErrorDescriber) {
    warnings = result.warnings(describedBy: describer)
    if let problem = result.problem {
      error = describer.message(for: problem.error)
      wasCancelled = problem.cancelled
    }
    list = result.list
    view = result.view
    switch result.outcome {
    case .success(let outcome): quits = outcome.quits
    case .failure(let error): errorCode = describer.code(for: error)
    }
  }
}
