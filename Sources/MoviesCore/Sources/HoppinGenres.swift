import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A ``GenreSource`` that asks a Hoppin-style server for `GET …/hoppin/genres`, beside the
/// movies endpoint. Servers that do not offer it answer 404, which becomes
/// ``Error/notOffered``, so `genre ID` still works against them.
public struct HoppinGenres: GenreSource {
  /// Why the genre list could not be loaded.
  public enum Error: Swift.Error, Sendable {
    case notOffered(URL)
    case transport(URLError)
    case status(Int)
    case invalid(GenreListParser.Error)

    public var message: String {
      switch self {
      case .notOffered(let url):
        "This server has no genre list at \(url.absoluteString); use 'genre ID' with a number."
      case .transport(let error):
        "Could not load the genre list (\(error.code.rawValue)); check the server and try again."
      case .status(let code):
        "Could not load the genre list: the server answered HTTP \(code); try again later."
      case .invalid(let error):
        "Could not read the genre list: \(error.message); use 'genre ID' with a number."
      }
    }
  }

  /// The genre list's address.
  public let url: URL
  private let session: URLSession

  /// - Parameter apiURL: the movies endpoint; the genre list is its sibling `genres`.
  public init(apiURL: URL, session: URLSession) {
    var url = apiURL.deletingLastPathComponent().appendingPathComponent("genres")
    if var components = URLComponents(url: url, resolvingAgainstBaseURL: true) {
      components.query = nil
      url = components.url ?? url
    }
    self.url = url
    self.session = session
  }

  public func genres() async throws -> [Genre] {
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await session.data(from: url)
    } catch let error as URLError {
      if error.code == .cancelled { throw CancellationError() }
      throw Error.transport(error)
    }
    try Task.checkCancellation()
    if let status = (response as? HTTPURLResponse)?.statusCode, !(200..<300).contains(status) {
      throw status == 404 ? Error.notOffered(url) : Error.status(status)
    }
    do {
      return try GenreListParser.parse(data)
    } catch {
      throw Error.invalid(error)
    }
  }
}
