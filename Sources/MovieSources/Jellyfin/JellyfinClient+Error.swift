import MoviesCore

extension JellyfinClient {
  /// What only a Jellyfin server says no to: the user asked for. A request that failed is the
  /// shared ``SourceHTTP/Failure``, an answer that cannot be used ``SourceHTTP/Unusable``.
  public enum Error: Swift.Error, Sendable, SourceFailure {
    case noSuchUser(String, known: [String])
    /// `/Users/Me` answered 400: the token is an API key, which belongs to no user.
    case notAUserToken

    /// Asking again the same way will not help.
    public var kind: SourceFailureKind { .lasting }

    /// The user is the user's to name.
    public var code: ErrorCode { .usage }

    /// What went wrong and what to do.
    public var message: String {
      switch self {
      case .noSuchUser(let name, let known):
        "The Jellyfin server has no user '\(CommandUsage.excerpt(name))'"
          + (known.isEmpty ? "." : "; its users are \(Self.someOf(known)).")
      case .notAUserToken:
        "The Jellyfin token is an API key, which belongs to no user: name the user whose "
          + "library to show."
      }
    }
  }
}

extension JellyfinClient.Error {
  /// How many users "no such user" names: a server may have thousands.
  static let usersNamed = 5

  /// The first ``usersNamed`` names, each cut short, and a count of the rest.
  static func someOf(_ names: [String]) -> String {
    let named = names.prefix(usersNamed).map { TerminalText.escape(CommandUsage.excerpt($0)) }
    let rest = names.count - named.count
    return named.joined(separator: ", ") + (rest > 0 ? " and \(Format.grouped(rest)) more" : "")
  }
}

extension LoadTarget {
  /// Jellyfin's user list, or the token's own user.
  static let users = LoadTarget(.server, name: "the users")
}
