internal import CCurlLoader
import Foundation

/// How a transfer's easy handle is set up: its address, protocols, limits, headers, body and
/// callbacks, each option through `check`.
extension CurlMulti {
  func configure(_ transfer: CurlTransfer) throws(TransferFailure) {
    let easy = transfer.easy
    let limits = transfer.limits
    let context = Unmanaged.passUnretained(transfer).toOpaque()
    let milliseconds = max(1, Int(limits.deadline / .milliseconds(1)))
    try set(easy, CURLOPT_URL, "URL", string: transfer.url.absoluteString)
    try set(easy, CURLOPT_PROTOCOLS_STR, "PROTOCOLS_STR", string: "http,https")
    try set(easy, CURLOPT_REDIR_PROTOCOLS_STR, "REDIR_PROTOCOLS_STR", string: "http,https")
    // The engine follows redirects itself, so a credential header stays with its origin.
    try set(easy, CURLOPT_FOLLOWLOCATION, "FOLLOWLOCATION", 0)
    try set(easy, CURLOPT_TIMEOUT_MS, "TIMEOUT_MS", milliseconds)
    try set(easy, CURLOPT_NOSIGNAL, "NOSIGNAL", 1)
    // Ask for gzip; whatever encoding comes is decoded by libcurl before the cap counts it.
    try set(easy, CURLOPT_ACCEPT_ENCODING, "ACCEPT_ENCODING", string: "gzip")
    // A stream's length is no reason to refuse its first answer, whose body is never read.
    if !transfer.request.stopsAtAnswer {
      try set(easy, CURLOPT_MAXFILESIZE, "MAXFILESIZE", limits.maxBytes)
    }
    try set(easy, CURLOPT_USERAGENT, "USERAGENT", string: "movies")
    try set(easy, CURLOPT_WRITEDATA, "WRITEDATA", pointer: context)
    try set(easy, CURLOPT_HEADERDATA, "HEADERDATA", pointer: context)
    try setHeaders(transfer.request.headers, on: easy)
    if let post = transfer.request.post { try setPost(post, on: easy) }
    if let method = transfer.request.method {
      try set(easy, CURLOPT_CUSTOMREQUEST, "CUSTOMREQUEST", string: method)
    }
    try Self.check(
      movies_curl_set_data_fn(easy, CURLOPT_WRITEFUNCTION, curlReceiveBody),
      "setting WRITEFUNCTION")
    try Self.check(
      movies_curl_set_data_fn(easy, CURLOPT_HEADERFUNCTION, curlReceiveHeader),
      "setting HEADERFUNCTION")
  }

  /// The request's headers: the engine, following redirects itself, passes only those meant
  /// for the address asked (``HTTPEngine/headers(_:from:to:)``).
  private func setHeaders(_ headers: [String], on easy: UnsafeMutableRawPointer)
    throws(TransferFailure)
  {
    guard !headers.isEmpty else { return }
    var list: UnsafeMutablePointer<curl_slist>?
    for header in headers {
      guard let longer = movies_curl_slist_append(list, header) else {
        if let list { movies_curl_slist_free_all(list) }
        throw .failed("libcurl could not add a request header")
      }
      list = longer
    }
    guard let list else { return }
    headerLists[easy] = list
    try set(easy, CURLOPT_HTTPHEADER, "HTTPHEADER", pointer: UnsafeMutableRawPointer(list))
  }

  /// A POST of `body`: the size first, so libcurl copies that many bytes (none for an empty
  /// body, which still goes as a POST).
  private func setPost(_ body: Data, on easy: UnsafeMutableRawPointer) throws(TransferFailure) {
    try set(easy, CURLOPT_POST, "POST", 1)
    try set(easy, CURLOPT_POSTFIELDSIZE, "POSTFIELDSIZE", body.count)
    // One byte more than the body, so the pointer is never null; libcurl copies `count`.
    var bytes = [UInt8](body) + [0]
    let status = bytes.withUnsafeMutableBytes { buffer in
      movies_curl_set_pointer(easy, CURLOPT_COPYPOSTFIELDS, buffer.baseAddress)
    }
    try Self.check(status, "setting COPYPOSTFIELDS")
  }

  private func set(
    _ easy: UnsafeMutableRawPointer, _ option: CURLoption, _ name: String, _ value: Int
  ) throws(TransferFailure) {
    try Self.check(movies_curl_set_long(easy, option, value), "setting \(name)")
  }

  private func set(
    _ easy: UnsafeMutableRawPointer, _ option: CURLoption, _ name: String, string: String
  ) throws(TransferFailure) {
    // libcurl copies string options, so the C string need only live through the call.
    try Self.check(movies_curl_set_string(easy, option, string), "setting \(name)")
  }

  private func set(
    _ easy: UnsafeMutableRawPointer, _ option: CURLoption, _ name: String,
    pointer: UnsafeMutableRawPointer
  ) throws(TransferFailure) {
    try Self.check(movies_curl_set_pointer(easy, option, pointer), "setting \(name)")
  }
}

/// libcurl's body callback: hands each decoded chunk to its transfer. Returning less than the
/// chunk's size (0) makes libcurl abort the transfer at once.
private let curlReceiveBody: movies_curl_data_fn = { data, size, count, context in
  guard let data, let context else { return 0 }
  let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
  let bytes = size * count
  return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: bytes)) ? bytes : 0
}

/// libcurl's header callback: one header line at a time, status lines included.
private let curlReceiveHeader: movies_curl_data_fn = { data, size, count, context in
  guard let data, let context else { return 0 }
  let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
  let bytes = size * count
  return transfer.receiveHeader(UnsafeRawBufferPointer(start: data, count: bytes)) ? bytes : 0
}
