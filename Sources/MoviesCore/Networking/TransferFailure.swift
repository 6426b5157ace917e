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

extension TransferFailure {
  /// What happened, as the middle of a sentence: "the server refused the connection".
  public var explanation: String {
    switch self {
    case .transport(let error): Self.explain(error)
    case .tooLarge(let limit):
      "the answer was larger than \(Format.byteCount(limit)), so it was aborted"
    case .deadlineExceeded(let deadline):
      "the server did not finish within \(Format.duration(deadline))"
    case .tooManyRedirects(let limit): "the server redirected more than \(limit) times"
    case .redirectToOtherScheme(let address):
      "the server redirected to \(address), which is not an http or https address"
    }
  }

  private static func explain(_ error: URLError) -> String {
    switch error.code {
    case .cannotConnectToHost: "the server refused the connection"
    case .cannotFindHost, .dnsLookupFailed: "the server's host name was not found"
    case .timedOut: "the server did not answer in time"
    case .networkConnectionLost: "the connection was lost"
    case .notConnectedToInternet: "there is no network"
    case .cancelled: "the load was cancelled"
    case .unknown: "the answer was cut short"
    default: "the request failed (\(error.code.rawValue))"
    }
  }
}
