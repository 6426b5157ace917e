import Foundation

/// A ``GenreSource`` that asks a Hoppin-style server for `GET …/hoppin/genres`, beside the
/// movies endpoint. Servers that do not offer it answer 404, which becomes
/// ``Error/notOffered``, so `genre ID` still works against them.
public struct HoppinGenres: GenreSource {
  /// Why the genre list could not be loaded.
  public enum Error: Swift.Error, Sendable, UserFacingError {
    case notOffered(URL)
    case transfer(TransferFailure)
    case status(Int)
    case invalid(GenreListParser.Error)

    /// The code `--json` reports it with.
    public var code: ErrorCode {
      if case .notOffered = self { return .noGenreList }
      return .source
    }

    /// What went wrong and, where a command helps, what to type.
    public var message: String {
      switch self {
      case .notOffered(let url):
        "This server has no genre list at \(url.absoluteString); use 'genre ID' with a number."
      case .transfer(let failure):
        "Could not load the genre list: \(failure.explanation). Check the server and try again."
      case .status(let code):
        "Could not load the genre list: the server answered HTTP \(code); try again later."
      case .invalid(let error):
        "Could not read the genre list: \(error.message); use 'genre ID' with a number."
      }
    }
  }

  /// The genre list's address.
  public let url: URL
  private let engine: HTTPEngine
  /// A genre list is small; anything near a page's size is not one.
  private static let maxBytes = 1 << 20

  /// - Parameters:
  ///   - apiURL: the movies endpoint; the genre list is its sibling `genres`.
  ///   - engine: the process's one HTTP engine, shared with the movies.
  public init(apiURL: URL, engine: HTTPEngine) {
    var url = apiURL.deletingLastPathComponent().appendingPathComponent("genres")
    if var components = URLComponents(url: url, resolvingAgainstBaseURL: true) {
      components.query = nil
      url = components.url ?? url
    }
    self.url = url
    self.engine = engine
  }

  /// Every genre, in the source's order.
  public func genres() async throws -> [Genre] {
    let response: HTTPEngine.Response
    do {
      response = try await engine.load(
        url, limits: TransferLimits(maxBytes: Self.maxBytes, deadline: engine.timeout))
    } catch let failure as TransferFailure {
      throw Error.transfer(failure)
    }
    guard (200..<300).contains(response.status) else {
      throw response.status == 404 ? Error.notOffered(url) : Error.status(response.status)
    }
    do {
      return try GenreListParser.parse(response.body)
    } catch {
      throw Error.invalid(error)
    }
  }
}
