import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Loads bodies over HTTP with a size cap, an overall deadline and safe redirects, on the one
/// `URLSession` of the process.
///
/// The session has no cache (Foundation's default one writes to disk, and thumbnails have
/// their own). Swift 6.3 on Linux can crash when several HTTP/2 redirects run at once
/// (swift-corelibs-foundation #5445); the browser avoids that path because commands run one
/// at a time, so at most one request (and one redirect) is in flight, and the session allows
/// only two connections per host in any case.
public struct HTTPLoader: Sendable {
  /// A body and the response it came with.
  public struct Response: Sendable {
    public var body: Data
    public var status: Int
    /// The `Retry-After` header, when the server sent one.
    public var retryAfter: String?
  }

  private let session: URLSession
  private let delegate: TransferDelegate
  /// How long one request may take as a whole (default 15 s).
  public let timeout: Duration

  /// Makes the process's loader. The session's idle timer is set to `timeout` too, rounded up
  /// to whole seconds (all it supports on Linux), so a silent server fails as a timeout.
  public init(timeout: Duration = .seconds(15)) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpMaximumConnectionsPerHost = 2
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
    configuration.timeoutIntervalForRequest = max(1, seconds.rounded(.up))
    delegate = TransferDelegate()
    session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    self.timeout = timeout
  }

  /// Loads `url` once. Cancelling the calling task cancels the request at once and throws
  /// `CancellationError`.
  public func load(_ url: URL, limits: TransferLimits) async throws -> Response {
    let task = session.dataTask(with: URLRequest(url: url))
    let id = task.taskIdentifier
    let delegate = self.delegate
    let outcome: TransferDelegate.Outcome = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        delegate.register(task, limits: limits) { continuation.resume(returning: $0) }
        // Cancellation that came before registering found nothing to end; end it here.
        if Task.isCancelled {
          delegate.end(id, with: .failure(.transport(URLError(.cancelled))))
        } else {
          task.resume()
        }
      }
    } onCancel: {
      delegate.end(id, with: .failure(.transport(URLError(.cancelled))))
    }
    switch outcome {
    case .success(let (body, response)):
      return Response(
        body: body, status: response?.statusCode ?? 200,
        retryAfter: response?.value(forHTTPHeaderField: "Retry-After"))
    case .failure(.transport(let error)) where error.code == .cancelled || Task.isCancelled:
      throw CancellationError()
    case .failure(let failure):
      throw failure
    }
  }
}
