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
  /// The row numbers of the table this reply shows, for completing `show N` and `thumb N`;
  /// empty when it shows none.
  public var shownRows: [Int] = []

  public init(output: String = "", warnings: [String] = [], error: String? = nil) {
    self.output = output
    self.warnings = warnings
    self.error = error
  }
}
