import Foundation

/// One transfer in flight: its request, its easy handle and what has arrived so far. Touched
/// only on the engine's thread (by ``CurlMulti`` and libcurl's callbacks).
final class CurlTransfer {
  let request: CurlRequest
  let easy: UnsafeMutableRawPointer
  private(set) var body = Data()
  private(set) var retryAfter: String?
  /// The response's `Location`, as sent: the engine follows it itself.
  private(set) var location: String?
  /// The response's `Content-Range` and `Content-Type`, for a stream relayed to a player.
  private(set) var contentRange: String?
  private(set) var contentType: String?
  /// Why the transfer was aborted from a callback, when it was.
  private(set) var failure: TransferFailure?
  private var headerBytes = 0
  /// A first answer's body began, and the transfer was ended there (see `stopsAtAnswer`).
  private(set) var stoppedAtBody = false
  /// When the whole request must be over, counted from when it was handed to libcurl.
  let deadline: ContinuousClock.Instant

  init(request: CurlRequest, easy: UnsafeMutableRawPointer, startedAt: ContinuousClock.Instant) {
    self.request = request
    self.easy = easy
    deadline = startedAt + request.limits.deadline
  }

  var id: UInt64 { request.id }
  var url: URL { request.url }
  var limits: TransferLimits { request.limits }
  var reply: CheckedContinuation<HTTPEngine.Response, any Error> { request.reply }

  /// Appends a decoded chunk, or refuses it when it would pass the cap, so a hostile body
  /// never takes more than the cap in memory.
  func receiveBody(_ chunk: UnsafeRawBufferPointer) -> Bool {
    if request.stopsAtAnswer {
      stoppedAtBody = true
      return false
    }
    guard body.count + chunk.count <= limits.maxBytes else {
      failure = .tooLarge(limit: limits.maxBytes)
      return false
    }
    body.append(contentsOf: chunk)
    return true
  }

  /// Reads one header line. A status line starts a new response (after a redirect), whose
  /// `Retry-After` is the one that counts.
  func receiveHeader(_ line: UnsafeRawBufferPointer) -> Bool {
    headerBytes += line.count
    guard headerBytes <= CurlMulti.maxHeaderBytes else {
      failure = .headersTooLarge(limit: CurlMulti.maxHeaderBytes)
      return false
    }
    if line.starts(with: "HTTP/".utf8) {
      (retryAfter, location, contentRange, contentType) = (nil, nil, nil, nil)
    } else if let value = Self.value(of: "retry-after:", in: line) {
      retryAfter = value
    } else if let value = Self.value(of: "content-range:", in: line) {
      contentRange = value
    } else if let value = Self.value(of: "content-type:", in: line) {
      contentType = value
    } else if let value = Self.value(of: "location:", in: line) {
      location = value
    }
    return true
  }

  /// The value of the header `name` (lower case, with its colon) when `line` is that header.
  private static func value(of name: String, in line: UnsafeRawBufferPointer) -> String? {
    guard line.count > name.utf8.count,
      zip(line.prefix(name.utf8.count), name.utf8).allSatisfy({ byte, expected in
        let lowered = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
        return lowered == expected
      })
    else { return nil }
    let value = String(decoding: line.dropFirst(name.utf8.count), as: UTF8.self)
    return value.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
