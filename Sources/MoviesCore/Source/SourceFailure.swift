/// A source's failure as the browser and the commands see it, whatever the source: the
/// browser asks its kind and never catches a source's own error type, so every source's errors
/// fit, and a new source's need no change here.
public protocol SourceFailure: UserFacingError, Sendable {
  var kind: SourceFailureKind { get }
  /// The message, advising `command` to try again: `more` for the list's next page, the
  /// command itself after a `genre`, `order` or `resume` whose pages failed.
  func message(retrying command: String) -> String
}

extension SourceFailure {
  /// A source whose messages advise no command says the same either way.
  public func message(retrying command: String) -> String { message }

  /// HTTP statuses worth another try, from any server: a timeout, too many requests (a
  /// 429's `Retry-After` says how long to wait), a server in trouble.
  static var transientStatuses: Set<Int> { [408, 429, 500, 502, 503, 504] }

  /// What to type to ask for a page again: `more` for the list's next page, else the
  /// command whose first page failed.
  static func pageRetryAdvice(_ command: String) -> String {
    command == "more"
      ? "Type 'more' to try the same page again." : "Type '\(command)' to try again."
  }
}

/// What a source's failure means for the list.
public enum SourceFailureKind: Sendable, Hashable {
  /// The answer came but is not a page (an HTML error page, a body cut short):
  /// `skip` may move past it.
  case unreadablePage
  /// Asking again may work: a timeout, too many requests, a server in trouble.
  case transient
  /// Asking again the same way will not: a refusal, a missing page, a wrong address.
  case lasting
}
