/// A source's failure as the browser and the commands see it, whatever the source: the
/// browser asks its kind and never catches a source's own error type, so the Hoppin client's
/// errors, and TMDb's and Jellyfin's next, all fit.
public protocol SourceFailure: UserFacingError, Sendable {
  var kind: SourceFailureKind { get }
  /// The message, advising `command` to try again: `more` for the list's next page, the
  /// command itself after a `genre`, `order` or `resume` whose pages failed.
  func message(retrying command: String) -> String
}

extension SourceFailure {
  /// A source whose messages advise no command says the same either way.
  public func message(retrying command: String) -> String { message }
}

/// What a source's failure means for the list.
public enum SourceFailureKind: Sendable, Hashable {
  /// The answer came but is not a page (a value JSON cannot hold, an HTML error page):
  /// `skip` may move past it.
  case unreadablePage
  /// Asking again may work: a timeout, too many requests, a server in trouble.
  case transient
  /// Asking again the same way will not: a refusal, a missing page, a wrong address.
  case lasting
}
