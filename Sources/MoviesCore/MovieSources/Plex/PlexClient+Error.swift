extension PlexClient {
  /// Why something could not be loaded from the Plex server.
  public enum Error: Swift.Error, Sendable, SourceFailure {
    /// What was being loaded, for messages.
    public enum Target: Sendable, Hashable {
      case page(Int)
      case genres
      case sections
      case identity
      case details
      case thumbnail
    }

    case transfer(TransferFailure, Target)
    /// 401 or 403: the token was refused.
    case refused(Int, Target)
    case status(Int, Target)
    case unreadable(PlexParser.Error, Target)
    case unknownOrder(String, known: [String])
    /// No movie library of that name (nil: none at all); `known` are the movie libraries.
    case noSuchLibrary(String?, known: [String])
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
      case .unknownOrder, .noSuchLibrary: .usage
      case .transfer(_, .thumbnail), .status(_, .thumbnail), .foreignAddress: .thumbnail
      default: .source
      }
    }

    public var remedy: Remedy? {
      switch self {
      case .transfer(.deadlineExceeded, _): .timeout
      default: nil
      }
    }

    public var message: String { message(retrying: "more") }

    /// The message, advising `command` to try a page again.
    public func message(retrying command: String) -> String {
      switch self {
      case .transfer(let failure, let target):
        "Could not load \(target.name) from the Plex server: \(failure.explanation). "
          + target.retryAdvice(command)
      case .refused(let code, let target):
        "The Plex server refused the token (HTTP \(code)) when asked for \(target.name): "
          + "set PLEX_TOKEN (or plex-token in the config file) to a token of this server."
      case .status(let code, let target):
        "Could not load \(target.name): the Plex server answered HTTP \(code). "
          + target.retryAdvice(command)
      case .unreadable(let error, .page(let number)):
        "Could not read page \(number) from the Plex server: \(error.explanation). "
          + "Type 'skip' to move past it."
      case .unreadable(let error, let target):
        "Could not read \(target.name) from the Plex server: \(error.explanation); "
          + "check that --api names a Plex Media Server, such as http://media.local:32400."
      case .unknownOrder(let order, let known):
        "A Plex library has no order '\(CommandUsage.excerpt(order))'; it has "
          + known.joined(separator: ", ") + "."
      case .noSuchLibrary(let name, let known):
        (name.map { "The Plex server has no movie library '\(CommandUsage.excerpt($0))'" }
          ?? "The Plex server has no movie library")
          + (known.isEmpty
            ? "."
            : "; its movie libraries are "
              + known.map(TerminalText.escape).joined(separator: ", ") + ".")
      case .foreignAddress(let address):
        "The poster address \(address) leads off the Plex server, so it was not loaded."
      }
    }
  }
}

extension PlexClient.Error.Target {
  var name: String {
    switch self {
    case .page(let number): "page \(number)"
    case .genres: "the genre list"
    case .sections: "the libraries"
    case .identity: "the server's identity"
    case .details: "the film's details"
    case .thumbnail: "the poster"
    }
  }

  func retryAdvice(_ command: String) -> String {
    switch self {
    case .page: PlexClient.Error.pageRetryAdvice(command)
    case .genres, .details: "Try again in a moment."
    case .sections, .identity: "Check the server's address and try again."
    case .thumbnail: "Try 'thumb' again in a moment."
    }
  }
}
