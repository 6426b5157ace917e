extension TMDbClient {
  /// Why something could not be loaded from TMDb.
  public enum Error: Swift.Error, Sendable, SourceFailure {
    /// What was being loaded, for messages.
    public enum Target: Sendable, Hashable {
      case page(Int)
      case genres
      case configuration
      case details
      case poster
    }

    /// The request failed on its last attempt (no connection, a timeout, a cap).
    case transfer(TransferFailure, Target, attempts: Int)
    /// TMDb refused the credential (HTTP 401, status 7); `origin` says where it was read.
    case refusedCredential(origin: String, serverMessage: String?)
    /// TMDb answered with another error status; its `status_message`, when it sent one.
    case status(Int, serverMessage: String?, Target, attempts: Int)
    /// The answer was not what TMDb sends.
    case unreadable(Target)
    /// A poster address that is not http or https.
    case unsupportedThumbnailAddress(String)

    var isTransient: Bool {
      switch self {
      case .transfer(let failure, _, _): failure.isTransient
      case .status(let code, _, _, _): Self.transientStatuses.contains(code)
      case .refusedCredential, .unreadable, .unsupportedThumbnailAddress: false
      }
    }

    public var kind: SourceFailureKind {
      if case .unreadable(.page) = self { return .unreadablePage }
      return isTransient ? .transient : .lasting
    }

    public var code: ErrorCode { .source }

    public var remedy: Remedy? {
      if case .transfer(.deadlineExceeded, _, _) = self { return .timeout }
      return nil
    }

    public var message: String { message(retrying: "more") }

    /// The message, advising `command` to try a page again: `more` for the list's next page,
    /// the command itself after a `genre`, `order` or `resume` whose first page failed.
    public func message(retrying command: String) -> String {
      switch self {
      case .transfer(let failure, let target, let attempts):
        "Could not load \(target.name) from TMDb: \(failure.explanation)\(Self.tries(attempts)). "
          + target.retryAdvice(command)
      case .refusedCredential(let origin, let serverMessage):
        "TMDb refused the key in \(origin)\(Self.quoted(serverMessage)); check it, or get "
          + "one at https://www.themoviedb.org/settings/api."
      case .status(let code, let serverMessage, let target, let attempts):
        "Could not load \(target.name) from TMDb: it answered HTTP \(code)"
          + "\(Self.quoted(serverMessage))\(Self.tries(attempts))."
          + (Self.transientStatuses.contains(code) ? " " + target.retryAdvice(command) : "")
      case .unreadable(let target):
        "Could not read \(target.name) from TMDb: the answer is not what TMDb sends. "
          + target.retryAdvice(command)
      case .unsupportedThumbnailAddress(let address):
        "The poster address \(TerminalText.escape(SecretRedaction.redact(address))) is not an "
          + "http or https URL, so it was not loaded."
      }
    }

    /// TMDb's own words, escaped, cut and with any key taken out: they come from the server.
    private static func quoted(_ serverMessage: String?) -> String {
      guard let serverMessage, !serverMessage.isEmpty else { return "" }
      let cut = serverMessage.count > 160 ? String(serverMessage.prefix(159)) + "…" : serverMessage
      return " (\"\(TerminalText.escape(SecretRedaction.redact(cut)))\")"
    }

    private static func tries(_ attempts: Int) -> String {
      attempts > 1 ? ", after \(attempts) attempts" : ""
    }
  }
}

extension TMDbClient.Error.Target {
  var name: String {
    switch self {
    case .page(let number): "page \(number)"
    case .genres: "the genre list"
    case .configuration: "the image configuration"
    case .details: "the film's details"
    case .poster: "the poster"
    }
  }

  /// What to type to try again: `command` for a page; for a film's details or poster, the
  /// command as typed (`show 2`, `thumb 2`) when the runner gives it, else its name.
  func retryAdvice(_ command: String) -> String {
    switch self {
    case .page: TMDbClient.Error.pageRetryAdvice(command)
    case .genres: "Try again in a moment."
    case .configuration, .poster: TMDbClient.Error.rowRetryAdvice(command, else: "thumb")
    case .details: TMDbClient.Error.rowRetryAdvice(command, else: "show")
    }
  }
}
