internal import CCurlLoader
import Foundation

/// What libcurl's statuses mean: the one place a `CURLcode` or `CURLMcode` becomes a
/// `TransferFailure`.
extension CurlMulti {
  /// What a failed transfer means to the user.
  func failure(of transfer: CurlTransfer, _ code: CURLcode) -> TransferFailure {
    if let failure = transfer.failure { return failure }
    switch code {
    case CURLE_OPERATION_TIMEDOUT: return .deadlineExceeded(transfer.limits.deadline)
    case CURLE_FILESIZE_EXCEEDED: return .tooLarge(limit: transfer.limits.maxBytes)
    case CURLE_COULDNT_CONNECT: return .connectionRefused
    case CURLE_COULDNT_RESOLVE_HOST: return .hostNotFound
    case CURLE_PARTIAL_FILE: return .cutShort
    // A reset during the TLS handshake, a garbled reply and HTTP/2 stream errors pass too.
    case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING, CURLE_WEIRD_SERVER_REPLY,
      CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_SSL_CONNECT_ERROR:
      return .connectionLost
    case CURLE_BAD_CONTENT_ENCODING: return .undecodable
    case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
      CURLE_SSL_CACERT_BADFILE:
      return .insecure(Self.describe(code))
    default: return .failed(Self.describe(code))
    }
  }

  private static func describe(_ code: CURLcode) -> String {
    String(cString: movies_curl_easy_strerror(code))
  }

  /// The one place libcurl statuses become errors; `call` says what was being done.
  static func check(_ code: CURLcode, _ call: String) throws(TransferFailure) {
    guard code == CURLE_OK else { throw .failed("libcurl failed \(call): \(describe(code))") }
  }

  static func check(_ code: CURLMcode, _ call: String) throws(TransferFailure) {
    guard code == CURLM_OK else { throw failure(code, call) }
  }

  static func failure(_ code: CURLMcode, _ call: String) -> TransferFailure {
    .failed("libcurl failed \(call): \(String(cString: movies_curl_multi_strerror(code)))")
  }
}
