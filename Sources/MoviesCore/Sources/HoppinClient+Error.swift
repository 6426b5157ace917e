import Foundation

extension HoppinClient {
  /// Why a page or a thumbnail could not be loaded.
  public enum Error: Swift.Error, Sendable {
    /// What was being loaded, for messages.
    public enum Target: Sendable, Hashable {
      case page(Int)
      case thumbnail
    }

    /// The request failed (no connection, a timeout, a reset, a cap, a bad redirect) on its
    /// last attempt.
    case transfer(TransferFailure, Target, attempts: Int)
    /// The server answered with a status other than 2xx on the last attempt.
    case status(Int, Target, attempts: Int)
    /// The page's body could not be read.
    case invalidPage(MoviePageParser.Error, page: Int)
    /// The thumbnail's address is not an http or https URL.
    case unsupportedThumbnailAddress(String)

    /// HTTP statuses worth another try: a timeout, too many requests, a server in trouble.
    static let transientStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]

    var isTransient: Bool {
      switch self {
      case .transfer(let failure, _, _): failure.isTransient
      case .status(let code, _, _): Self.transientStatuses.contains(code)
      case .invalidPage, .unsupportedThumbnailAddress: false
      }
    }

    public var message: String {
      switch self {
      case .transfer(let failure, let target, let attempts):
        "Could not load \(target.name): \(failure.explanation)\(Self.tries(attempts)). "
          + Self.advice(for: failure, target)
      case .status(let code, let target, let attempts):
        "Could not load \(target.name): the server answered HTTP \(code)\(Self.tries(attempts)). "
          + (Self.transientStatuses.contains(code)
            ? target.retryAdvice : "Check the --api address.")
      case .invalidPage(let error, let page):
        "Could not read page \(page): \(error.message). Check that --api points at a Hoppin movies endpoint."
      case .unsupportedThumbnailAddress(let address):
        "The thumbnail address \(address) is not an http or https URL, so it was not loaded."
      }
    }

    private static func tries(_ attempts: Int) -> String {
      attempts > 1 ? " (\(attempts) attempts)" : ""
    }

    private static func advice(for failure: TransferFailure, _ target: Target) -> String {
      switch failure {
      case .tooLarge, .headersTooLarge, .tooManyRedirects, .redirectToOtherScheme, .undecodable:
        "The server's answer was refused; nothing was kept."
      case .deadlineExceeded:
        target.retryAdvice + " A larger --timeout gives a slow server more time."
      case .connectionRefused, .hostNotFound, .connectionLost, .cutShort, .insecure, .failed:
        "Check the server; " + target.retryAdvice.prefix(1).lowercased()
          + target.retryAdvice.dropFirst()
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

  /// What to type to try again.
  var retryAdvice: String {
    switch self {
    case .page: "Type 'more' to try the same page again."
    case .thumbnail: "Try 'thumb' again in a moment."
    }
  }
}
