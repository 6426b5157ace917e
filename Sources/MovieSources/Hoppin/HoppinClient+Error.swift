import Foundation
import MoviesCore

extension HoppinClient {
  /// Why a page or a thumbnail that came could not be used; failures of the request itself
  /// are the shared ``SourceHTTP/Failure``.
  public enum Error: Swift.Error, Sendable, SourceFailure {
    /// The page's body could not be read.
    case invalidPage(MoviePageParser.Error, page: Int)
    /// The page's body could not be read, from an address that has served pages before: a
    /// server in trouble (an HTML error page from a proxy). The excerpt is already escaped.
    case badAnswer(MoviePageParser.Error, page: Int, excerpt: String)
    /// The thumbnail's address is not an http or https URL.
    case unsupportedThumbnailAddress(String)

    /// The answer came but could not be read as a page: `skip` may move past it.
    public var kind: SourceFailureKind {
      switch self {
      case .invalidPage, .badAnswer: .unreadablePage
      case .unsupportedThumbnailAddress: .lasting
      }
    }

    /// The code `--json` reports it with.
    public var code: ErrorCode { .source }

    /// A wrong address answers something that is not a page.
    public var remedy: Remedy? {
      if case .invalidPage = self { return .sourceAddress(HoppinClient.server.address) }
      return nil
    }

    /// What went wrong and, where a command helps, what to type.
    public var message: String { message(retrying: "more") }

    /// The message, advising `command` to try a page again: `more` for the list's next page,
    /// the command itself after a `genre` or `order` whose first page failed (`more` would go
    /// on with the old list).
    public func message(retrying command: String) -> String {
      switch self {
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
  }
}
