import Foundation

extension PlexClient {
  func get(_ url: URL, target: Error.Target, headers: [String], maxBytes: Int) async throws
    -> Data
  {
    try await Self.load(
      url, target: target, headers: headers, engine: engine, retry: retry,
      limits: TransferLimits(maxBytes: maxBytes, deadline: engine.timeout))
  }

  /// Loads a body, retrying what may pass (a timeout, a dropped connection, a 503 while the
  /// server restarts, after its `Retry-After`); throws the last failure. The one place Plex
  /// requests are made, so the shared source client can take it over whole.
  static func load(
    _ url: URL, target: Error.Target, headers: [String], engine: HTTPEngine, retry: RetryPolicy,
    limits: TransferLimits
  ) async throws -> Data {
    try await retry.run { _ in
      let response: HTTPEngine.Response
      do {
        response = try await engine.load(url, limits: limits, headers: headers)
      } catch let failure as TransferFailure {
        return .failure(
          Error.transfer(failure, target), transient: failure.isTransient, retryAfter: nil)
      }
      switch response.status {
      case 200..<300: return .success(response.body)
      case 401, 403: throw Error.refused(response.status, target)
      default:
        let failure = Error.status(response.status, target)
        return .failure(
          failure, transient: failure.kind == .transient,
          retryAfter: RetryAfter.wait(response.retryAfter))
      }
    }
  }
}
