import MoviesCore

extension TMDbClient {
  /// Why an answer from TMDb could not be used; failures of the request itself are the
  /// shared ``SourceHTTP/Failure``.
  public enum Error: Swift.Error, Sendable, SourceFailure {
    /// The answer was not what TMDb sends.
    case unreadable(LoadTarget)
    /// A poster address that is not http or https.
    case unsupportedThumbnailAddress(String)
    /// A poster of a row loaded while TMDb's image configuration, which says where posters
    /// are, could not be loaded.
    case posterBaseUnknown

    /// Whether `skip` can pass it, asking again may work, or neither.
    public var kind: SourceFailureKind {
      if case .unreadable(let target) = self, case .page = target.kind { return .unreadablePage }
      return .lasting
    }

    /// The code `--json` reports it with.
    public var code: ErrorCode { .source }

    /// What went wrong and, where a command helps, what to type.
    public var message: String { message(retrying: "more") }

    /// The message, advising `command` to try a page again: `more` for the list's next page,
    /// the command itself after a `genre`, `order` or `resume` whose first page failed.
    public func message(retrying command: String) -> String {
      switch self {
      case .unreadable(let target):
        "Could not read \(target.name) from TMDb: the answer is not what TMDb sends. "
          + target.retryAdvice(command)
      case .unsupportedThumbnailAddress(let address):
        "The poster address \(TerminalText.escape(SecretRedaction.redact(address))) is not an "
          + "http or https URL, so it was not loaded."
      case .posterBaseUnknown:
        "The poster's address is not known: TMDb's image configuration could not be loaded "
          + "with this row's page. Load the list again (for example with 'order') to retry."
      }
    }
  }

  /// How TMDb is named in messages, what its address is, and what a refused key means.
  static func server(credential origin: String) -> SourceHTTP.Server {
    SourceHTTP.Server(
      name: "TMDb",
      address: "TMDb's API base, which ends in /3, such as https://api.themoviedb.org/3"
    ) { _, _, reason in
      "TMDb refused the key in \(origin)" + (reason.map { " (\"\($0)\")" } ?? "")
        + "; check it, or get one at https://www.themoviedb.org/settings/api."
    }
  }
}

extension LoadTarget {
  /// TMDb's `/configuration`, which says where posters are.
  static let configuration = LoadTarget(
    .other, name: "the image configuration", rowCommand: "thumb")
}
