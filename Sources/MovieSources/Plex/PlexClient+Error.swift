import MoviesCore

extension PlexClient {
  /// What only a Plex server says no to: the library asked for. A request that failed is the
  /// shared ``SourceHTTP/Failure``, an answer that cannot be used ``SourceHTTP/Unusable``.
  public enum Error: Swift.Error, Sendable, SourceFailure {
    /// No movie library of that name (nil: none at all); `known` are the movie libraries.
    case noSuchLibrary(String?, known: [String])

    /// Asking again the same way will not help.
    public var kind: SourceFailureKind { .lasting }

    /// The library is the user's to name.
    public var code: ErrorCode { .usage }

    /// What went wrong and what to do.
    public var message: String {
      switch self {
      case .noSuchLibrary(let name, let known):
        (name.map { "The Plex server has no movie library '\(CommandUsage.excerpt($0))'" }
          ?? "The Plex server has no movie library")
          + (known.isEmpty
            ? "."
            : "; its movie libraries are " + known.map(TerminalText.escape).joined(separator: ", ")
              + ".")
      }
    }
  }
}

extension LoadTarget {
  /// Plex's `/identity`, which names the server for Plex Web's addresses.
  static let identity = LoadTarget(.server, name: "the server's identity")
  /// Plex's `/library/sections`.
  static let sections = LoadTarget(.server, name: "the libraries")
}
