/// A command's outcome, or the error that stopped it, and the warnings met on the way.
public struct CommandResult: Sendable {
  /// What the command did, or the error that stopped it.
  public var outcome: Result<any CommandOutcome, any Error>
  /// Notes that did not stop the command (skipped rows), one sentence each.
  public var warnings: [String]
  /// What stopped a command after part of it was done (`more 5` failing at the third page):
  /// the outcome says what was done, and the command still counts as failed.
  public var stoppedBy: (any Error)?
  /// The watchlist keys of the browsed source, to mark watched rows; nil without a watchlist.
  public var watched: Set<String>?
  /// The rows in view after the command, which Tab offers; nil when unknown (a result made
  /// by hand).
  public var view: RowsInView?

  /// A result from its parts.
  public init(
    outcome: Result<any CommandOutcome, any Error>, warnings: [String] = [],
    stoppedBy: (any Error)? = nil, watched: Set<String>? = nil, view: RowsInView? = nil
  ) {
    self.outcome = outcome
    self.warnings = warnings
    self.stoppedBy = stoppedBy
    self.watched = watched
    self.view = view
  }

  /// The list after the command, when the command changed it or reports it; nil when it
  /// left the list as it was. With the rows a reply shows, this is all the prompt needs.
  public var list: ListStatus? { try? outcome.get().listAfter }
}

extension CommandResult {
  /// Every warning in the program's words: the notes met on the way, then each distinct disk
  /// cache problem of the saved thumbnails (one per problem, not one per row).
  public func warnings(describedBy describer: ErrorDescriber) -> [String] {
    guard case .success(let outcome) = outcome else { return warnings }
    return warnings + outcome.notes(describedBy: describer)
  }
}

/// What `open N` did with a link.
public enum LinkOpening: Sendable, Hashable {
  case opened
  /// No program to open links with; the link is printed.
  case noOpener
  /// Not an http or https link, so it was not handed over; it is printed.
  case refusedScheme
}
