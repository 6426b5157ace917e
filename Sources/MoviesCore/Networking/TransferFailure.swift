import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why one HTTP request, a single attempt, did not produce a body.
public enum TransferFailure: Swift.Error, Sendable {
  /// URLSession reported an error: no connection, a reset, a body cut short.
  case transport(URLError)
  /// The body grew past the cap and the transfer was aborted.
  case tooLarge(limit: Int)
  /// The request as a whole took longer than the deadline.
  case deadlineExceeded(Duration)
  /// The server redirected more times than allowed.
  case tooManyRedirects(limit: Int)
  /// The server redirected to an address that is not http or https.
  case redirectToOtherScheme(String)

  /// True for failures that may well not happen on a second try: connection refused or reset,
  /// host not found, a timeout, a body cut short. Caps and redirects are the server's choice.
  public var isTransient: Bool {
    switch self {
    case .transport(let error): Self.transientCodes.contains(error.code)
    case .deadlineExceeded: true
    case .tooLarge, .tooManyRedirects, .redirectToOtherScheme: false
    }
  }

  // On Linux a body cut short (fewer bytes than Content-Length, or a reset mid-body) arrives
  // as URLError(.unknown), code -1, from libcurl's "partial file" and "recv failure".
  private static let transientCodes: Set<URLError.Code> = [
    .unknown, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .timedOut,
    .networkConnectionLost, .notConnectedToInternet, .cannotLoadFromNetwork,
    .badServerResponse,
  ]
}
