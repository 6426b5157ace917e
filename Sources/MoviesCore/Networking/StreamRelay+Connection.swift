import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// One connection of the player's: its request read, the stream asked of its server a range
/// at a time, and the answer written back as it comes.
extension StreamRelay {
  /// How much is asked of the server at once: a second or two of a film's bytes, so a link of
  /// 0.6 Mbit/s still brings each within the engine's 15-s deadline.
  static let chunk = 1 << 20
  /// The most taken whole from a server that ignores `Range` and sends the file.
  static let wholeBody = 64 << 20
  /// The longest request head a player sends (mpv's is a few hundred bytes).
  static let longestHead = 16 << 10

  func serve(_ connection: Int32) {
    var timeout = timeval(tv_sec: 30, tv_usec: 0)
    _ = setsockopt(
      connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    guard let head = Self.readHead(connection) else { return }
    let lines = head.components(separatedBy: "\r\n")
    let request = lines.first?.split(separator: " ") ?? []
    guard request.count >= 2, request[0] == "GET", request[1] == path else {
      return Self.answer(connection, status: "404 Not Found")
    }
    let (first, last) = Self.range(in: lines)
    var address = stream.url
    var position = first
    var total: Int?
    var answered = false
    while position <= (last ?? .max) && position < (total ?? .max) {
      let end = min(position + Self.chunk - 1, last ?? .max, (total ?? .max) - 1)
      guard let response = fetch(&address, from: position, to: end) else {
        if !answered { Self.answer(connection, status: "502 Bad Gateway") }
        return
      }
      switch response.status {
      case 206:
        guard let range = Self.contentRange(response.contentRange), range.first == position else {
          if !answered { Self.answer(connection, status: "502 Bad Gateway") }
          return
        }
        if !answered {
          total = range.total
          let final = last.map { min($0, (total ?? .max) - 1) } ?? total.map { $0 - 1 }
          let length = final.map { "Content-Length: \($0 - first + 1)\r\n" } ?? ""
          let size = total.map(String.init) ?? "*"
          let bounds = final.map { "\(first)-\($0)" } ?? "\(first)-"
          guard
            Self.send(
              connection,
              "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes \(bounds)/\(size)\r\n\(length)"
                + Self.commonHeaders(response))
          else { return }
          answered = true
        }
        guard !response.body.isEmpty, Self.send(connection, response.body) else { return }
        position += response.body.count
      case 200 where !answered:
        // The server ignores Range: its whole body, from where the player asked.
        let body = response.body.dropFirst(first)
        let status =
          first == 0
          ? "200 OK"
          : "206 Partial Content\r\nContent-Range: bytes "
            + "\(first)-\(first + body.count - 1)/\(response.body.count)"
        guard
          Self.send(
            connection,
            "HTTP/1.1 \(status)\r\nContent-Length: \(body.count)\r\n" + Self.commonHeaders(response)
          )
        else { return }
        _ = Self.send(connection, Data(body))
        return
      default:
        if !answered {
          let status = (400..<600).contains(response.status) ? response.status : 502
          Self.answer(connection, status: "\(status) Relayed")
        }
        return
      }
    }
  }

  /// Bytes `from` to `to` of the stream, asked at `address` with the stream's headers; a
  /// redirect is followed only on the stream's own origin (`address` then stays there). Nil
  /// when the server cannot be reached or redirects elsewhere.
  private func fetch(_ address: inout URL, from: Int, to: Int) -> HTTPEngine.Response? {
    for _ in 0...5 {
      let limits = TransferLimits(
        maxBytes: Self.wholeBody, deadline: engine.timeout, maxRedirects: 0)
      let (engine, asked, headers) = (
        engine, address, stream.headers + ["Range: bytes=\(from)-\(to)"]
      )
      let response: HTTPEngine.Response
      switch Self.blocking({ try await engine.load(asked, limits: limits, headers: headers) }) {
      case .success(let answer): response = answer
      case .failure(let failure as TransferFailure):
        failed(failure)
        return nil
      case .failure: return nil
      }
      guard HTTPEngine.redirectStatuses.contains(response.status) else { return response }
      guard let next = response.redirect, next.origin == stream.url.origin else { return nil }
      address = next
    }
    return nil
  }

  /// Runs `work` on the concurrency pool and waits for it on this thread (one of the relay's
  /// own, never the pool's).
  private static func blocking(
    _ work: @escaping @Sendable () async throws -> HTTPEngine.Response
  ) -> Result<HTTPEngine.Response, any Swift.Error> {
    let result = Mutex<Result<HTTPEngine.Response, any Swift.Error>>(.failure(CancellationError()))
    let done = DispatchSemaphore(value: 0)
    Task {
      let response: Result<HTTPEngine.Response, any Swift.Error>
      do {
        response = .success(try await work())
      } catch {
        response = .failure(error)
      }
      result.withLock { $0 = response }
      done.signal()
    }
    done.wait()
    return result.withLock { $0 }
  }

  private static func commonHeaders(_ response: HTTPEngine.Response) -> String {
    let type = response.contentType.map { "Content-Type: \($0)\r\n" } ?? ""
    return "\(type)Accept-Ranges: bytes\r\nConnection: close\r\n\r\n"
  }

  /// The first and last byte a `Range: bytes=N-` or `bytes=N-M` asks for; from 0 without one.
  static func range(in lines: [String]) -> (first: Int, last: Int?) {
    guard
      let line = lines.first(where: { $0.lowercased().hasPrefix("range:") }),
      let value = line.split(separator: ":", maxSplits: 1).last?
        .trimmingCharacters(in: .whitespaces).lowercased(),
      value.hasPrefix("bytes=")
    else { return (0, nil) }
    let bounds =
      value.dropFirst(6).split(separator: ",").first?.split(
        separator: "-", maxSplits: 1, omittingEmptySubsequences: false) ?? []
    guard let first = bounds.first.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
      first >= 0
    else { return (0, nil) }
    let last = bounds.count > 1 ? Int(bounds[1].trimmingCharacters(in: .whitespaces)) : nil
    return (first, last.flatMap { $0 >= first ? $0 : nil })
  }

  /// `bytes a-b/T` (or `/*`) as its first byte and the total, when known.
  static func contentRange(_ value: String?) -> (first: Int, total: Int?)? {
    guard let value, value.lowercased().hasPrefix("bytes ") else { return nil }
    let parts = value.dropFirst(6).split(separator: "/", maxSplits: 1)
    guard let first = parts.first?.split(separator: "-").first.flatMap({ Int($0) }) else {
      return nil
    }
    return (first, parts.count > 1 ? Int(parts[1]).flatMap { $0 > 0 ? $0 : nil } : nil)
  }

  /// The request's head, up to its blank line; nil when it does not come whole.
  private static func readHead(_ connection: Int32) -> String? {
    var head: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while head.count < longestHead {
      let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return nil }
      head += buffer[..<count]
      if let text = String(bytes: head, encoding: .utf8), let end = text.range(of: "\r\n\r\n") {
        return String(text[..<end.lowerBound])
      }
    }
    return nil
  }

  private static func answer(_ connection: Int32, status: String) {
    _ = send(connection, "HTTP/1.1 \(status)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
  }

  private static func send(_ connection: Int32, _ text: String) -> Bool {
    send(connection, Data(text.utf8))
  }

  /// Writes all of `data`; false once the player has gone.
  private static func send(_ connection: Int32, _ data: Data) -> Bool {
    data.withUnsafeBytes { bytes in
      var sent = 0
      while sent < bytes.count {
        let count = Glibc.send(
          connection, bytes.baseAddress?.advanced(by: sent), bytes.count - sent,
          Int32(MSG_NOSIGNAL))
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        sent += count
      }
      return true
    }
  }
}
