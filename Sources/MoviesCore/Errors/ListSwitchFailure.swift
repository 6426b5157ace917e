/// A source's failure whose message names the command to type again. A `genre`, `order` or
/// `resume` whose pages could not be loaded leaves the old list, so `more` would go on with
/// it: trying again means typing the command again. A `find` on the server, and `show 2` or
/// `thumb 2` whose film's details or poster failed, are retried as typed too.
public struct ListSwitchFailure: Error, Sendable, UserFacingError {
  /// The source's failure that stopped the new list.
  public let failure: any SourceFailure
  /// The command to type again, as typed (its argument cut to a readable length).
  public let command: String

  /// What went wrong and, where a command helps, what to type.
  public var message: String { failure.message(retrying: command) }
  /// The code `--json` reports it with.
  public var code: ErrorCode { failure.code }
  /// A setting the user may change to get past the error; nil when none helps.
  public var remedy: Remedy? { failure.remedy }

  /// Runs a switch of the list, turning a source failure into this one.
  static func retrying<Value>(
    _ command: String, _ body: () async throws -> Value
  ) async throws -> Value {
    do {
      return try await body()
    } catch let failure as any SourceFailure {
      throw ListSwitchFailure(failure: failure, command: command)
    }
  }
}
