/// `--resume` whose session could not be reopened: said once, with what the list is now,
/// since the first page is loaded in its place (a second error for that page would only
/// repeat the first one's cause).
public struct FailedResume: Error, Sendable, UserFacingError {
  /// Why the session was not reopened, in the describer's words.
  public let reason: String
  /// Whether the first page loaded in its place.
  public let firstPageLoaded: Bool

  /// A resume that failed for `reason`, and whether the first page loaded in its place.
  public init(reason: String, firstPageLoaded: Bool) {
    self.reason = reason
    self.firstPageLoaded = firstPageLoaded
  }

  /// Text mode says it; `--json` has the `resume` and `more` objects themselves.
  public var code: ErrorCode { .noSession }

  /// What went wrong and, where a command helps, what to type.
  public var message: String {
    reason + " "
      + (firstPageLoaded
        ? "Showing the first page instead."
        : "The list is empty for now; 'more' loads its first page.")
  }
}
