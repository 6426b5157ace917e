import Foundation
import MoviesCore

/// A ``GenreSource`` that asks a Hoppin-style server for `GET …/hoppin/genres`, beside the
/// movies endpoint. Servers that do not offer it answer 404, which becomes
/// ``Error/notOffered``, so `genre ID` still works against them.
public struct HoppinGenres: GenreSource {
  /// Why the genre list could not be loaded.
  public enum Error: Swift.Error, Sendable, UserFacingError {
    case notOffered(URL)
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
      case .invalid(let error):
        "Could not read the genre list: \(error.message); use 'genre ID' with a number."
      }
    }
  }

  /// The genre list's address.
  public let url: URL
  private let http: SourceHTTP
  /// A genre list is small; anything near a page's size is not one.
  private static let maxBytes = 1 << 20

  /// - Parameters:
  ///   - apiURL: the movies endpoint; the genre list is its sibling `genres`.
  ///   - http: the movies' way to the server (``HoppinClient/http``).
  public init(apiURL: URL, http: SourceHTTP) {
    var url = apiURL.deletingLastPathComponent().appendingPathComponent("genres")
    if var components = URLComponents(url: url, resolvingAgainstBaseURL: true) {
      components.query = nil
      url = components.url ?? url
    }
    self.url = url
    self.http = http
  }

  /// Every genre, in the source's order.
  public func genres() async throws -> [Genre] {
    let data: Data
    do {
      data = try await http.get(url, .genres, limits: http.limits(maxBytes: Self.maxBytes))
    } catch let failure as SourceHTTP.Failure {
      if case .status(404, _) = failure.cause { throw Error.notOffered(url) }
      throw failure
    }
    do {
      return try GenreListParser.parse(data)
    } catch {
      throw Error.invalid(error)
    }
  }
}
