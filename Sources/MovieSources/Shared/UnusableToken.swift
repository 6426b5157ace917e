import MoviesCore

/// A token no request header can carry: empty, or holding characters no token has (quotes,
/// spaces, controls, line breaks, which would end the header early and start another).
public struct UnusableToken: Error, Sendable, Hashable {
  /// The one way a token is unusable.
  public init() {}
}
