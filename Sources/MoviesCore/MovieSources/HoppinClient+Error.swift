import Foundation

extension HoppinClient {
  /// Why a page or a thumbnail could not be loaded.
  public enum Error: Swift.Error, Sendable, SourceFailure {
    /// What was being loaded, for messages.
    public enum Target: Sendable, Hashable {
      case page(Int)
      case thumbnail
    }

    /// The request failed (no connection, a timeout, a reset, a cap, a bad redirect) on its
    /// last attempt.
    case transfer(TransferFailure, Target, attempts: Int)
    /// The server answered with a status other than 2xx on the last attempt. `reason` is what
    /// its body says (its `error` or `message`, else its start), escaped and cut;
    /// `afterPages` says this address has served pages, so it is not a wrong address.
    case status(Int, Target, attempts: Int, reason: String? = nil, afterPages: Bool = false)
    /// The page's body could not be read.
    case invalidPage(MoviePageParser.Error, page: Int)
    /// The page's body could not be read, from an address that has served pages before: a
    /// server in trouble (an HTML error page from a proxy). The excerpt is already escaped.
    case badAnswer(MoviePageParser.Error, page: Int, excerpt: String)
    /// The thumbnail's address is not an http or https URL.
    case unsupportedThumbnailAddress(String)

    var isTransient: Bool {
      switch self {
      case .transfer(let failure, _, _): failure.isTransient
      case .status(let code, _, _, _, _): Self.transientStatuses.contains(code)
      case .invalidPage, .badAnswer, .unsupportedThumbnailAddress: false
      }
    }

    /// The answer came but could not be read as a page: `skip` may move past it.
    var isUnreadablePage: Bool {
      switch self {
      case .invalidPage, .badAnswer: true
      case .transfer, .status, .unsupportedThumbnailAddress: false
      }
    }

    public var kind: SourceFailureKind {
      if isUnreadablePage { return .unreadablePage }
      return isTransient ? .transient : .lasting
    }

    public var code: ErrorCode { .source }

    /// A wrong address answers 404 or something that is not a page; a slow server, given
    /// more time, may answer. A thumbnail's address is the server's, not the user's.
    public var remedy: Remedy? {
      switch self {
      case .transfer(.deadlineExceeded, _, _): .timeout
      case .status(let code, .page, _, _, let afterPages):
        Self.transientStatuses.contains(code) || afterPages ? nil : .sourceAddress
      case .status: nil
      case .invalidPage: .sourceAddress
      case .transfer, .badAnswer, .unsupportedThumbnailAddress: nil
      }
    }

    public var message: String { message(retrying: "more") }

    /// The message, advising `command` to try a page again: `more` for the list's next page,
    /// the command itself after a `genre` or `order` whose first page failed (`more` would go
    /// on with the old list).
    public func message(retrying command: String) -> String {
      switch self {
      case .transfer(let failure, let target, let attempts):
        "Could not load \(target.name): \(failure.explanation)\(Self.tries(attempts)). "
          + Self.advice(for: failure, target.retryAdvice(command))
      case .status(let code, let target, let attempts, let reason, _):
        "Could not load \(target.name): the server answered HTTP \(code)"
          + (reason.map { ": \"\($0)\"" } ?? "") + "\(Self.tries(attempts))."
          + (Self.transientStatuses.contains(code)
            ? " " + target.retryAdvice(command) : target.missingAdvice.map { " " + $0 } ?? "")
      case .invalidPage(let error, let page):
        "Could not read page \(page): \(error.message). Type 'skip' to move past it."
      case .badAnswer(let error, let page, let excerpt):
        "Could not read page \(page): \(error.message)"
          + (excerpt.isEmpty ? "" : " (it began \"\(excerpt)\")")
          + ". The server may be having trouble; type '\(command)' to try again, "
          + "or 'skip' to move past the page."
      case .unsupportedThumbnailAddress(let address):
        "The thumbnail address \(address) is not an http or https URL, so it was not loaded."
      }
    }

    /// The start of an answer that was not a page, for quoting: tags dropped (an HTML error
    /// page's words are what says what happened), spaces collapsed, at most 60 characters,
    /// control characters escaped.
    static func excerpt(of data: Data) -> String {
      let text = String(decoding: data.prefix(4_096), as: UTF8.self)
      var words = ""
      var inTag = false
      for character in text {
        switch character {
        case "<": inTag = true
        case ">" where inTag:
          inTag = false
          words += " "
        default: if !inTag { words.append(character) }
        }
      }
      let collapsed = words.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      let cut = collapsed.count > 60 ? String(collapsed.prefix(59)) + "…" : collapsed
      return TerminalText.escape(cut)
    }

    /// What an error answer's body says: the `error` or `message` string of a JSON object
    /// (`{"error": "unknown order 'foo'"}`), else the start of the text as ``excerpt(of:)``
    /// quotes it; nil for an empty body. Escaped, at most 100 characters.
    static func reason(in data: Data) -> String? {
      let object = try? JSONSerialization.jsonObject(with: data.prefix(65_536)) as? [String: Any]
      let stated = ["error", "message"].lazy.compactMap { object?[$0] as? String }.first
      guard let stated else {
        let excerpt = excerpt(of: data)
        return excerpt.isEmpty ? nil : excerpt
      }
      let collapsed = stated.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      let cut = collapsed.count > 100 ? String(collapsed.prefix(99)) + "…" : collapsed
      return cut.isEmpty ? nil : TerminalText.escape(cut)
    }

    private static func tries(_ attempts: Int) -> String {
      attempts > 1 ? " (\(attempts) attempts)" : ""
    }

    private static func advice(for failure: TransferFailure, _ retryAdvice: String) -> String {
      switch failure {
      case .tooLarge, .headersTooLarge, .tooManyRedirects, .redirectToOtherScheme, .undecodable:
        "The server's answer was refused; nothing was kept."
      case .deadlineExceeded:
        retryAdvice
      case .connectionRefused, .hostNotFound, .connectionLost, .cutShort, .insecure, .failed:
        "Check the server; " + retryAdvice.prefix(1).lowercased() + retryAdvice.dropFirst()
      }
    }
  }
}

extension HoppinClient.Error.Target {
  var name: String {
    switch self {
    case .page(let number): "page \(number)"
    case .thumbnail: "the thumbnail"
    }
  }

  /// What a lasting refusal means when the address is not the user's to change; nil for a
  /// page, whose address is (``HoppinClient/Error/remedy``).
  var missingAdvice: String? {
    switch self {
    case .page: nil
    case .thumbnail: "The server does not offer this image; the movie's other details still show."
    }
  }

  /// What to type to try again: `command` for a page.
  func retryAdvice(_ command: String) -> String {
    switch self {
    case .page: HoppinClient.Error.pageRetryAdvice(command)
    case .thumbnail: HoppinClient.Error.rowRetryAdvice(command, else: "thumb")
    }
  }
}
