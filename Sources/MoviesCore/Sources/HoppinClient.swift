import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A ``MovieSource`` that speaks the Hoppin movie API over HTTP.
///
/// It asks `GET <api>?version=1&page=N&count=C&genreId=G&order=O` and parses the answer with
/// ``MoviePageParser``. The session is passed in so one `URLSession` serves the whole process.
public struct HoppinClient: MovieSource {
  /// Why a page or a thumbnail could not be loaded.
  public enum Error: Swift.Error, Sendable {
    /// The request did not complete: no connection, a timeout, a reset.
    case transport(URLError, what: String)
    /// The server answered with a status other than 2xx.
    case status(Int, what: String)
    /// The page's body could not be read.
    case invalidPage(MoviePageParser.Error, page: Int)
    /// The thumbnail's address is not an http or https URL.
    case unsupportedThumbnailAddress(String)

    public var message: String {
      switch self {
      case .transport(let error, let what):
        "Could not load \(what): \(Self.describe(error)). Check the server and try again."
      case .status(let code, let what):
        "Could not load \(what): the server answered HTTP \(code)"
          + (code >= 500 ? ". Try again in a moment." : ". Check the --api address.")
      case .invalidPage(let error, let page):
        "Could not read page \(page): \(error.message). Check that --api points at a Hoppin movies endpoint."
      case .unsupportedThumbnailAddress(let address):
        "The thumbnail address \(address) is not an http or https URL, so it was not loaded."
      }
    }

    private static func describe(_ error: URLError) -> String {
      switch error.code {
      case .cannotConnectToHost: "the server refused the connection"
      case .cannotFindHost, .dnsLookupFailed: "the server's host name was not found"
      case .timedOut: "the server did not answer in time"
      case .networkConnectionLost: "the connection was lost"
      case .notConnectedToInternet: "there is no network"
      case .cancelled: "the load was cancelled"
      default: "the request failed (\(error.code.rawValue))"
      }
    }
  }

  public let apiURL: URL
  private let session: URLSession

  public init(apiURL: URL, session: URLSession) {
    self.apiURL = apiURL
    self.session = session
  }

  public var name: String {
    guard let host = apiURL.host else { return apiURL.absoluteString }
    return apiURL.port.map { "\(host):\($0)" } ?? host
  }

  /// The one session a process should use: no disk cache (thumbnails have their own), and an
  /// idle timeout of `timeout` seconds.
  public static func makeSession(timeout: TimeInterval = 15) -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.timeoutIntervalForRequest = timeout
    return URLSession(configuration: configuration)
  }

  /// The address of one page: the API's own query items are kept, the paging ones set.
  public func pageURL(_ number: Int, of query: MovieQuery) -> URL {
    guard var components = URLComponents(url: apiURL, resolvingAgainstBaseURL: true) else {
      return apiURL
    }
    let ours: [URLQueryItem] = [
      URLQueryItem(name: "version", value: "1"),
      URLQueryItem(name: "page", value: String(number)),
      URLQueryItem(name: "count", value: String(query.pageSize)),
      URLQueryItem(name: "genreId", value: query.genreID),
      URLQueryItem(name: "order", value: query.order),
    ]
    let names = Set(ours.map(\.name))
    components.queryItems = (components.queryItems ?? []).filter { !names.contains($0.name) } + ours
    return components.url ?? apiURL
  }

  public func page(_ number: Int, of query: MovieQuery) async throws -> MoviePage {
    let data = try await get(pageURL(number, of: query), what: "page \(number)")
    do {
      return try MoviePageParser.parse(data)
    } catch {
      throw Error.invalidPage(error, page: number)
    }
  }

  public func thumbnailURL(for reference: String) throws -> URL {
    guard let url = URL(string: reference, relativeTo: apiURL)?.absoluteURL,
      let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
    else {
      throw Error.unsupportedThumbnailAddress(reference)
    }
    return url
  }

  public func thumbnailData(at url: URL) async throws -> Data {
    try await get(url, what: "the thumbnail")
  }

  private func get(_ url: URL, what: String) async throws -> Data {
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await session.data(from: url)
    } catch let error as URLError {
      if error.code == .cancelled { throw CancellationError() }
      throw Error.transport(error, what: what)
    }
    try Task.checkCancellation()
    if let status = (response as? HTTPURLResponse)?.statusCode, !(200..<300).contains(status) {
      throw Error.status(status, what: what)
    }
    return data
  }
}
