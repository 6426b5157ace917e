extension JellyfinClient {
  /// Why something could not be loaded from the Jellyfin server.
  public enum Error: Swift.Error, Sendable, SourceFailure {
    case unreadable(JellyfinItemParser.Error, LoadTarget)
    case unknownOrder(String, known: [String])
    case noSuchUser(String, known: [String])
    /// `/Users/Me` answered 400: the token is an API key, which belongs to no user.
    case notAUserToken
    /// A poster address that leads off the server (already escaped).
    case foreignAddress(String)

    /// An answer that is not a page may be skipped; a timeout, a dropped connection or a
    /// server in trouble may pass; a refusal or a wrong order will not.
    public var kind: SourceFailureKind {
      if case .unreadable(_, let target) = self, case .page = target.kind { return .unreadablePage }
      return .lasting
    }

    /// The code `--json` reports it with.
    public var code: ErrorCode {
      switch self {
      case .unknownOrder, .noSuchUser, .notAUserToken: .usage
      case .foreignAddress: .thumbnail
      default: .source
      }
    }

    /// A setting the user may change to get past the error; nil when none helps.
    public var remedy: Remedy? {
      guard case .unreadable(_, let target) = self else { return nil }
      if case .page = target.kind { return .sourceAddress(JellyfinClient.server.address) }
      return target == .users ? .sourceAddress(JellyfinClient.server.address) : nil
    }

    /// What went wrong and, where a command helps, what to type.
    public var message: String { message(retrying: "more") }

    /// The message, advising `command` to try a page again (`more`, or the `genre` or
    /// `order` whose first page failed).
    public func message(retrying command: String) -> String {
      switch self {
      case .unreadable(let error, let target):
        if case .page = target.kind {
          "Could not read \(target.name) from the Jellyfin server: \(error.explanation). "
            + "Type 'skip' to move past it."
        } else {
          "Could not read \(target.name) from the Jellyfin server: \(error.explanation)."
        }
      case .unknownOrder(let order, let known):
        "A Jellyfin library has no order '\(CommandUsage.excerpt(order))'; it has "
          + known.joined(separator: ", ") + "."
      case .noSuchUser(let name, let known):
        "The Jellyfin server has no user '\(CommandUsage.excerpt(name))'"
          + (known.isEmpty ? "." : "; its users are \(Self.someOf(known)).")
      case .notAUserToken:
        "The Jellyfin token is an API key, which belongs to no user: name the user whose "
          + "library to show."
      case .foreignAddress(let address):
        "The poster address \(address) leads off the Jellyfin server, so it was not loaded."
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
  static let users = LoadTarget(
    .other, name: "the users", advice: "Check the server's address and try again.")
}
