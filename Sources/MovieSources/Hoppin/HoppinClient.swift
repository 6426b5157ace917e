import Foundation
import MoviesCore
import Synchronization

/// A ``MovieSource`` that speaks the Hoppin movie API over HTTP.
///
/// It asks `GET <api>?version=1&page=N&count=C&genreId=G&order=O` and parses the answer with
/// ``MoviePageParser``. Requests go through the shared ``SourceHTTP``, which retries and words
/// its failures; bodies are capped while they stream in.
public struct HoppinClient: MovieSource {
  /// The largest page body accepted by default: 16 MB.
  public static let defaultPageLimit = 16_000_000

  /// How a Hoppin server is named in messages, and what a right address is.
  public static let server = SourceHTTP.Server(
    name: "the server",
    address: "a Hoppin movies endpoint, such as http://127.0.0.1:8080/hoppin/movies"
  ) { status, _, reason in
    "The server refused the request (HTTP \(status))" + (reason.map { ": \"\($0)\"" } ?? "") + "."
  }

  /// The movies endpoint, as `--api` gave it.
  public let apiURL: URL
  /// The way to the server, shared with its genre list.
  public let http: SourceHTTP
  private let pageLimits: TransferLimits
  private let imageLimits: TransferLimits
  /// Set once a page has been read from this address: a bad answer after that is the server
  /// in trouble, not a wrong `--api`.
  private let servedPages = ServedPages()

  private final class ServedPages: Sendable {
    let any = Mutex(false)
  }

  /// - Parameters:
  ///   - engine: the process's one HTTP engine; its timeout bounds each request as a whole.
  ///   - retry: how transient failures are retried (default: 3 attempts in all).
  ///   - pageLimit, imageLimit: the largest bodies accepted, in bytes (16 MB and 10 MB).
  public init(
    apiURL: URL, engine: HTTPEngine, retry: RetryPolicy = RetryPolicy(),
    pageLimit: Int = HoppinClient.defaultPageLimit,
    imageLimit: Int = PosterLimit.bytes
  ) {
    self.apiURL = apiURL
    http = SourceHTTP(engine: engine, retry: retry, server: Self.server, refusedStatuses: [])
    pageLimits = TransferLimits(maxBytes: pageLimit, deadline: engine.timeout)
    imageLimits = TransferLimits(maxBytes: imageLimit, deadline: engine.timeout)
  }

  /// The server's host and port (else the whole address), for messages.
  public var name: String {
    guard let host = apiURL.host else { return apiURL.absoluteString }
    return apiURL.port.map { "\(host):\($0)" } ?? host
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

  /// Fetches one page (1-based) of the query.
  public func page(_ number: Int, of query: MovieQuery) async throws -> MoviePage {
    let data = try await http.get(pageURL(number, of: query), .page(number), limits: pageLimits)
    do {
      let page = try MoviePageParser.parse(data, page: number)
      servedPages.any.withLock { $0 = true }
      return page
    } catch {
      guard servedPages.any.withLock({ $0 }) else { throw Error.invalidPage(error, page: number) }
      throw Error.badAnswer(
        error, page: number, excerpt: SourceHTTP.Failure.excerpt(of: data))
    }
  }

  /// Resolves a movie's thumbnail reference to the address it is loaded from, or throws when
  /// the reference is not one this source will load.
  public func thumbnailURL(for reference: String) throws -> URL {
    guard let url = URL(string: reference, relativeTo: apiURL)?.absoluteURL,
      let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
    else {
      throw Error.unsupportedThumbnailAddress(reference)
    }
    return url
  }

  /// Loads the bytes at an address that ``thumbnailURL(for:)`` returned.
  public func thumbnailData(at url: URL) async throws -> Data {
    try await http.get(url, .thumbnail, limits: imageLimits)
  }
}

extension LoadTarget {
  /// A Hoppin movie's image: its thumbnail, as the API calls it.
  static let thumbnail = LoadTarget(
    .poster, name: "the thumbnail", missingAdvice: LoadTarget.poster.missingAdvice)
}
