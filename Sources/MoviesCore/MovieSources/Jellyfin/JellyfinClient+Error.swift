extension JellyfinClient {
  /// Why something could not be loaded from the Jellyfin server.
  public enum Error: Swift.Error, Sendable, SourceFailure {
    /// What was being loaded, for messages.
    public enum Target: Sendable, Hashable {
      case page(Int)
      case genres
      case users
      case thumbnail
    }

    case transfer(TransferFailure, Target)
    /// 401 or 403: the token was refused, or does not reach this user's library.
    case refused(Int, Target)
    case status(Int, Target)
    case unreadable(JellyfinItemParser.Error, Target)
    case unknownOrder(String, known: [String])
    case noSuchUser(String, known: [String])
    /// `/Users/Me` answered 400: the token is an API key, which belongs to no user.
    case notAUserToken
    /// A poster address that leads off the server (already escaped).
    case foreignAddress(String)

    /// An answer that is not a page may be skipped; a timeout, a dropped connection or a
    /// server in trouble may pass; a refusal or a wrong order will not.
    public var kind: SourceFailureKind {
      switch self {
      case .unreadable(_, .page): .unreadablePage
      case .transfer(let failure, _): failure.isTransient ? .transient : .lasting
      case .status(let code, _):
        Self.transientStatuses.contains(code) ? .transient : .lasting
      default: .lasting
      }
    }

    public var code: ErrorCode {
      switch self {
      case .unknownOrder, .noSuchUser, .notAUserToken: .usage
      case .transfer(_, .thumbnail), .status(_, .thumbnail), .foreignAddress: .thumbnail
      default: .source
      }
    }

    public var remedy: Remedy? {
      switch self {
      case .transfer(.deadlineExceeded, _): .timeout
      case .status(404, .page), .unreadable(_, .page), .unreadable(_, .users): .sourceAddress
      default: nil
      }
    }

    public var message: String { message(retrying: "more") }

    /// The message, advising `command` to try a page again (`more`, or the `genre` or
    /// `order` whose first page failed).
    public func message(retrying command: String) -> String {
      switch self {
      case .transfer(let failure, let target):
        "Could not load \(target.name) from the Jellyfin server: \(failure.explanation). "
          + target.retryAdvice(command)
      case .refused(let code, .users):
        "The Jellyfin server refused the token (HTTP \(code)); make an API key in its "
          + "dashboard, or use a user's access token."
      case .refused(let code, let target):
        "The Jellyfin server refused to give \(target.name) (HTTP \(code)): the token does "
          + "not reach this user's library."
      case .status(let code, let target):
        "Could not load \(target.name): the Jellyfin server answered HTTP \(code). "
          + target.retryAdvice(command)
      case .unreadable(let error, .page(let number)):
        "Could not read page \(number) from the Jellyfin server: \(error.explanation). "
          + "Type 'skip' to move past it."
      case .unreadable(let error, let target):
        "Could not read \(target.name) from the Jellyfin server: \(error.explanation)."
      case .unknownOrder(let order, let known):
        "A Jellyfin library has no order '\(CommandUsage.excerpt(order))'; it has "
          + known.joined(separator: ", ") + "."
      case .noSuchUser(let name, let known):
        "The Jellyfin server has no user '\(CommandUsage.excerpt(name))'"
          + (known.isEmpty
            ? "." : "; its users are \(known.map(TerminalText.escape).joined(separator: ", ")).")
      case .notAUserToken:
        "The Jellyfin token is an API key, which belongs to no user: name the user whose "
          + "library to show."
      case .foreignAddress(let address):
        "The poster address \(address) leads off the Jellyfin server, so it was not loaded."
      }
    }
  }
}

extension JellyfinClient.Error.Target {
  var name: String {
    switch self {
    case .page(let number): "page \(number)"
    case .genres: "the genre list"
    case .users: "the users"
    case .thumbnail: "the poster"
    }
  }

  func retryAdvice(_ command: String) -> String {
    switch self {
    case .page: JellyfinClient.Error.pageRetryAdvice(command)
    case .genres: "Try again in a moment."
    case .users: "Check the server's address and try again."
    case .thumbnail: JellyfinClient.Error.rowRetryAdvice(command, else: "thumb")
    }
  }
}
