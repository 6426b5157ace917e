/// Why a command counts as failed, decided once, in the result: the text and JSON replies
/// (and so the exit status and `ok`) render this and never decide for themselves.
public struct CommandProblem: Sendable {
  /// The error to report; a renderer phrases it with its describer.
  public var error: any Error
  /// True when Ctrl-C stopped the command.
  public var cancelled: Bool

  init(_ error: any Error) {
    self.error = error
    cancelled = ErrorDescriber.plain.code(for: error) == .cancelled
  }

  /// A command that did part of its work and was then stopped or failed: the outcome says
  /// what was done, this what stopped it.
  public struct Partial: Error, Sendable, UserFacingError {
    /// What stopped it, one sentence.
    public let message: String
    /// The code `--json` reports it with.
    public let code: ErrorCode
  }
}

extension CommandResult {
  /// What went wrong, when anything did: the command's error; what stopped it part-way
  /// (`more 5` at its third page); thumbnails that failed or were cancelled; a `find` whose
  /// page failed or that Ctrl-C stopped.
  public var problem: CommandProblem? {
    switch outcome {
    case .failure(let error):
      return CommandProblem(error)
    case .success(let outcome):
      if let stoppedBy { return CommandProblem(stoppedBy) }
      return outcome.problem.map(CommandProblem.init)
    }
  }
}
