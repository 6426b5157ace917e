/// Why one HTTP request, a single attempt, did not produce a body.
public enum TransferFailure: Swift.Error, Sendable, Hashable {
  /// Nothing listened at the address, or the connection was refused.
  case connectionRefused
  /// The host name could not be resolved.
  case hostNotFound
  /// The connection broke while sending or receiving, or the server closed it without answering.
  case connectionLost
  /// The body ended before the length the server announced.
  case cutShort
  /// The body's content encoding could not be decoded.
  case undecodable
  /// The TLS handshake or the server's certificate failed.
  case insecure(String)
  /// Any other failure of the transfer, in libcurl's words.
  case failed(String)
  /// The body, counted after decoding, grew past the cap and the transfer was aborted.
  case tooLarge(limit: Int)
  /// The response headers grew past their cap and the transfer was aborted.
  case headersTooLarge(limit: Int)
  /// The request as a whole took longer than the deadline.
  case deadlineExceeded(Duration)
  /// The server redirected more times than allowed.
  case tooManyRedirects(limit: Int)
  /// The server redirected to an address that is not http or https.
  case redirectToOtherScheme(String)

  /// True for failures that may well not happen on a second try: connection refused or lost,
  /// host not found, the deadline, a body cut short. Caps, encodings and redirects are the
  /// server's choice.
  public var isTransient: Bool {
    switch self {
    case .connectionRefused, .hostNotFound, .connectionLost, .cutShort, .deadlineExceeded: true
    case .undecodable, .insecure, .failed, .tooLarge, .headersTooLarge, .tooManyRedirects,
      .redirectToOtherScheme:
      false
    }
  }

  /// What happened, as the middle of a sentence: "the server refused the connection".
  public var explanation: String {
    switch self {
    case .connectionRefused: "the server refused the connection"
    case .hostNotFound: "the server's host name was not found"
    case .connectionLost: "the connection was lost"
    case .cutShort: "the answer was cut short"
    case .undecodable: "the answer's content encoding could not be decoded"
    case .insecure(let reason): "the secure connection failed (\(reason))"
    case .failed(let reason): "the request failed (\(reason))"
    case .tooLarge(let limit):
      "the answer was larger than \(Format.byteCount(limit)), so it was aborted"
    case .headersTooLarge(let limit):
      "the answer's headers were larger than \(Format.byteCount(limit)), so it was aborted"
    case .deadlineExceeded(let deadline):
      "the server did not finish within \(Format.duration(deadline))"
    case .tooManyRedirects(let limit): "the server redirected more than \(limit) times"
    case .redirectToOtherScheme(let address):
      "the server redirected to \(address), which is not an http or https address"
    }
  }
}
