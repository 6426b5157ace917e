import Foundation
import Synchronization

/// A ``MovieSource`` that speaks the Hoppin movie API over HTTP.
///
/// It asks `GET <api>?version=1&page=N&count=C&genreId=G&order=O` and parses the answer with
/// ``MoviePageParser``. Requests go through the process's one ``HTTPEngine``; transient
/// failures are retried as ``RetryPolicy`` says, and bodies are capped while they stream in.
public struct HoppinClient: MovieSource {
  /// The largest page body accepted by default: 16 MB.
  public static let defaultPageLimit = 16_000_000
  /// The largest image accepted by default: 10 MB.
  public static let defaultImageLimit = 10_000_000

  /// The movies endpoint, as `--api` gave it.
  public let apiURL: URL
  private let engine: HTTPEngine
  private let retry: RetryPolicy
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
    imageLimit: Int = HoppinClient.defaultImageLimit
  ) {
    self.apiURL = apiURL
    self.engine = engine
    self.retry = retry
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
    let target = Error.Target.page(number)
    let data = try await get(pageURL(number, of: query), target: target, limits: pageLimits)
    do {
      let page = try MoviePageParser.parse(data, page: number)
      servedPages.any.withLock { $0 = true }
      return page
    } catch {
      guard servedPages.any.withLock({ $0 }) else { throw Error.invalidPage(error, page: number) }
      throw Error.badAnswer(error, page: number, excerpt: Error.excerpt(of: data))
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
    try await get(url, target: .thumbnail, limits: imageLimits)
  }

  /// Loads a body, retrying transient failures; throws the last failure once it gives up.
  private func get(_ url: URL, target: Error.Target, limits: TransferLimits) async throws -> Data {
    try await retry.run { attempt in
      do {
        let response = try await engine.load(url, limits: limits)
        if (200..<300).contains(response.status) { return .success(response.body) }
        let failure = Error.status(
          response.status, target, attempts: attempt, reason: Error.reason(in: response.body),
          afterPages: servedPages.any.withLock { $0 })
        return .failure(
          failure, transient: failure.isTransient, retryAfter: RetryAfter.wait(response.retryAfter))
      } catch let transfer as TransferFailure {
        let failure = Error.transfer(transfer, target, attempts: attempt)
        return .failure(failure, transient: failure.isTransient, retryAfter: nil)
      }
    }
  }
}
