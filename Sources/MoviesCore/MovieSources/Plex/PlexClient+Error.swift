extension PlexClient {
  /// Why something from the Plex server could not be used (a request that failed is the
  /// shared ``SourceHTTP/Failure``).
  public enum Error: Swift.Error, Sendable, SourceFailure {
    case unreadable(PlexParser.Error, LoadTarget)
    case unknownOrder(String, known: [String])
    /// No movie library of that name (nil: none at all); `known` are the movie libraries.
    case noSuchLibrary(String?, known: [String])
    /// A poster address that leads off the server (already escaped).
    case foreignAddress(String)

    /// An answer that is not a page may be skipped; the rest will not pass by asking again.
    public var kind: SourceFailureKind {
      if case .unreadable(_, let target) = self, case .page = target.kind { return .unreadablePage }
      return .lasting
    }

    /// A wrong order or library is the user's to fix; a foreign poster is the poster's failure.
    public var code: ErrorCode {
      switch self {
      case .unknownOrder, .noSuchLibrary: .usage
      case .foreignAddress: .thumbnail
      case .unreadable: .source
      }
    }

    /// An unreadable page, identity or library list suggests --api names no Plex server.
    public var remedy: Remedy? {
      guard case .unreadable(_, let target) = self else { return nil }
      if case .page = target.kind { return .sourceAddress(PlexClient.server.address) }
      return target == .identity || target == .sections
        ? .sourceAddress(PlexClient.server.address) : nil
    }

    /// The message, advising `more` for a page.
    public var message: String { message(retrying: "more") }

    /// The message, advising `command` to try a page again.
    public func message(retrying command: String) -> String {
      switch self {
      case .unreadable(let error, let target):
        if case .page = target.kind {
          "Could not read \(target.name) from the Plex server: \(error.explanation). "
            + "Type 'skip' to move past it."
        } else {
          "Could not read \(target.name) from the Plex server: \(error.explanation)."
        }
      case .unknownOrder(let order, let known):
        "A Plex library has no order '\(CommandUsage.excerpt(order))'; it has "
          + known.joined(separator: ", ") + "."
      case .noSuchLibrary(let name, let known):
        (name.map { "The Plex server has no movie library '\(CommandUsage.excerpt($0))'" }
          ?? "The Plex server has no movie library")
          + (known.isEmpty
            ? "."
            : "; its movie libraries are " + known.map(TerminalText.escape).joined(separator: ", ")
              + ".")
      case .foreignAddress(let address):
        "The poster address \(address) leads off the Plex server, so it was not loaded."
      }
    }
  }
}

extension LoadTarget {
  /// Plex's `/identity`, which names the server for Plex Web's addresses.
  static let identity = LoadTarget(
    .other, name: "the server's identity", advice: "Check the server's address and try again.")
  /// Plex's `/library/sections`.
  static let sections = LoadTarget(
    .other, name: "the libraries", advice: "Check the server's address and try again.")
}
