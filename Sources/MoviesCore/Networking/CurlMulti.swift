internal import CCurlLoader
import Foundation

/// One request handed to the engine's thread.
struct CurlRequest: Sendable {
  var id: UInt64
  var url: URL
  var limits: TransferLimits
  /// Extra request headers, `Name: value` each (a bearer token for an API that takes one).
  var headers: [String] = []
  /// No redirect followed, no body read: the transfer ends at the first answer's headers.
  var stopsAtAnswer = false
  /// A POST's body (JSON, or empty); nil for a GET.
  var post: Data? = nil
  /// Another method than GET or POST (`DELETE`), sent without a body; nil for none.
  var method: String? = nil
  var reply: CheckedContinuation<HTTPEngine.Response, any Error>
}

/// The only type that calls libcurl: one multi handle and the easy handles of the transfers in
/// it. Every libcurl status goes through `check`, which names the call that failed.
///
/// Not thread-safe by design: everything but `wake` runs on the engine's thread.
final class CurlMulti {
  /// The largest header block accepted over a transfer and its redirects. Real servers send a
  /// few kilobytes; a flood of headers would otherwise run until the deadline.
  static let maxHeaderBytes = 256 * 1024
  /// Keep-alive connections per host: `thumb all` loads six posters at once.
  static let connectionsPerHost = 6

  private let handle: UnsafeMutableRawPointer
  private var transfers: [UInt64: CurlTransfer] = [:]
  /// The header lists of transfers that send extra headers; libcurl reads them until the
  /// transfer is removed, so each is freed in `detach`.
  var headerLists: [UnsafeMutableRawPointer: UnsafeMutablePointer<curl_slist>] = [:]

  init() throws(TransferFailure) {
    // libcurl is opened and set up here, once per process, not at start-up (CCurlLoader).
    if let failure = movies_curl_load() {
      throw .failed("libcurl could not be loaded: \(String(cString: failure))")
    }
    guard let handle = movies_curl_multi_init() else { throw .failed("libcurl could not start") }
    self.handle = handle
    try Self.check(
      movies_curl_multi_set_long(
        handle, CURLMOPT_MAX_HOST_CONNECTIONS, Self.connectionsPerHost),
      "setting MAX_HOST_CONNECTIONS")
  }

  deinit {
    cancelAll()
    movies_curl_multi_cleanup(handle)
  }

  /// Interrupts `poll` from any thread.
  func wake() {
    // Fails only for a bad handle, and then there is no loop left to wake.
    _ = movies_curl_multi_wakeup(handle)
  }

  /// Adds a transfer, or answers the request with the failure that prevented it.
  func start(_ request: CurlRequest) {
    guard let easy = movies_curl_easy_init() else {
      request.reply.resume(throwing: TransferFailure.failed("libcurl could not make a handle"))
      return
    }
    let transfer = CurlTransfer(request: request, easy: easy, startedAt: .now)
    do {
      try configure(transfer)
      try Self.check(movies_curl_multi_add_handle(handle, easy), "adding a transfer")
      transfers[request.id] = transfer
    } catch {
      detach(transfer)
      request.reply.resume(throwing: error)
    }
  }

  /// Ends a transfer at once; the request throws `CancellationError`. An unknown ID (already
  /// finished, or never started) is ignored.
  func cancel(_ id: UInt64) {
    guard let transfer = transfers.removeValue(forKey: id) else { return }
    detach(transfer)
    transfer.reply.resume(throwing: CancellationError())
  }

  func cancelAll() {
    fail(everything: CancellationError())
  }

  /// Moves every transfer as far as it can go without waiting, then answers those that ended
  /// and those past their deadline.
  func perform() {
    var running: Int32 = 0
    let status = movies_curl_multi_perform(handle, &running)
    guard status == CURLM_OK else {
      return fail(everything: Self.failure(status, "moving transfers"))
    }
    var left: Int32 = 0
    while let message = movies_curl_multi_info_read(handle, &left) {
      guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
        let transfer = transfers.values.first(where: { $0.easy == easy })
      else { continue }
      // Read before the handle is removed: the message does not outlive it.
      let result = movies_curl_msg_result(message)
      transfers.removeValue(forKey: transfer.id)
      finish(transfer, result)
    }
    expire(at: .now)
  }

  /// Sleeps until a socket is ready, libcurl's next timeout, a `wake`, the nearest deadline,
  /// or one second.
  func poll() {
    let now = ContinuousClock.now
    let nearest = transfers.values.map(\.deadline).min().map { $0 - now } ?? .seconds(1)
    let wait = Int32(max(0, min(1000, (nearest / .milliseconds(1)).rounded(.up))))
    let status = movies_curl_multi_poll(handle, nil, 0, wait, nil)
    if status != CURLM_OK { fail(everything: Self.failure(status, "waiting for transfers")) }
  }

  /// Ends transfers past their deadline. libcurl's own timer does not run while a transfer
  /// waits for a connection (six per host), so a queued request would otherwise wait for the
  /// ones ahead of it as well.
  private func expire(at now: ContinuousClock.Instant) {
    for transfer in transfers.values where transfer.deadline <= now {
      transfers.removeValue(forKey: transfer.id)
      detach(transfer)
      transfer.reply.resume(throwing: TransferFailure.deadlineExceeded(transfer.limits.deadline))
    }
  }

  private func fail(everything failure: any Error) {
    for transfer in transfers.values {
      detach(transfer)
      transfer.reply.resume(throwing: failure)
    }
    transfers.removeAll()
  }

  private func finish(_ transfer: CurlTransfer, _ result: CURLcode) {
    defer { detach(transfer) }
    var status = 0
    // The body callback ended a first answer on purpose, at its first byte.
    if result == CURLE_OK || (result == CURLE_WRITE_ERROR && transfer.stoppedAtBody) {
      let code = movies_curl_get_long(transfer.easy, CURLINFO_RESPONSE_CODE, &status)
      guard code == CURLE_OK else {
        return transfer.reply.resume(throwing: failure(of: transfer, code))
      }
    } else {
      return transfer.reply.resume(throwing: failure(of: transfer, result))
    }
    // Read from the header, not CURLINFO_REDIRECT_URL, which libcurl does not set for a
    // transfer ended at its body (a 302 with a "Found" page).
    let redirect = transfer.location.flatMap { URL(string: $0, relativeTo: transfer.url) }?
      .absoluteURL
    transfer.reply.resume(
      returning: HTTPEngine.Response(
        body: transfer.body, status: status, retryAfter: transfer.retryAfter, redirect: redirect,
        contentRange: transfer.contentRange, contentType: transfer.contentType))
  }

  private func detach(_ transfer: CurlTransfer) {
    // Removing a handle that is not in the multi handle is harmless; both calls free it.
    _ = movies_curl_multi_remove_handle(handle, transfer.easy)
    movies_curl_easy_cleanup(transfer.easy)
    if let list = headerLists.removeValue(forKey: transfer.easy) {
      movies_curl_slist_free_all(list)
    }
  }
}
