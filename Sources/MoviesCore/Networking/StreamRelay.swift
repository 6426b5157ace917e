import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A loopback HTTP relay for one stream a player reads: the player opens
/// `http://127.0.0.1:PORT/<random>/stream` with no header at all, and the relay asks the
/// stream's server through the engine with the stream's headers (the credential), a range at
/// a time, following a redirect only on the server's own scheme, host and port and refusing
/// any other (the player gets 502). mpv's ffmpeg sends its headers wherever a redirect leads,
/// and a server or CDN may redirect only the player's own requests (those with `Range`, or
/// all after the first): a probe before the player cannot vouch for them, the relay can.
///
/// The path is 128 random bits: another local user who finds the port gets nothing. One
/// thread accepts; each connection is served on a thread of its own (the player's reads
/// block, never the concurrency pool), and ends when the player closes it. ``stop()`` ends
/// the relay (and the relay ends with its last reference).
public final class StreamRelay: Sendable {
  /// Where the player reads the stream.
  public let url: URL
  let stream: StreamRequest
  let engine: HTTPEngine
  /// Told of each failure reading the stream from its server (a stall, a body cut short), so
  /// `play` can say why the player stopped early.
  let failed: @Sendable (TransferFailure) -> Void
  let path: String
  private let listener: Int32
  private let wake: (read: Int32, write: Int32)
  private let stopped = Atomic<Bool>(false)

  /// Why the relay could not start.
  public struct Failure: UserFacingError, Sendable, Hashable {
    /// The socket call that failed.
    public var call: String
    /// Its error number.
    public var number: Int32

    /// `play`'s failure.
    public var code: ErrorCode { .playFailed }
    /// What failed; nothing was played.
    public var message: String {
      "Could not start the stream's relay (\(call): \(String(cString: strerror(number)))); "
        + "nothing was played."
    }
  }

  /// The relay for `stream` through `engine`; without an engine (no source that streams)
  /// a stream with headers is refused rather than handed to the player with them.
  /// `failed` is told of each failure reading the stream from its server.
  public static func starting(
    _ stream: StreamRequest, engine: HTTPEngine?,
    failed: @escaping @Sendable (TransferFailure) -> Void = { _ in }
  ) throws(Failure) -> StreamRelay {
    guard let engine else { throw Failure(call: "engine", number: EINVAL) }
    return try StreamRelay(stream, engine: engine, failed: failed)
  }

  /// Listens on a free loopback port for `stream`, asked through `engine`; `failed` is told
  /// of each failure reading it from its server.
  public init(
    _ stream: StreamRequest, engine: HTTPEngine,
    failed: @escaping @Sendable (TransferFailure) -> Void = { _ in }
  ) throws(Failure) {
    self.stream = stream
    self.engine = engine
    self.failed = failed
    var random = SystemRandomNumberGenerator()
    path =
      "/" + (0..<2).map { _ in String(random.next() as UInt64, radix: 16) }.joined() + "/stream"
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
    guard socket >= 0 else { throw Failure(call: "socket", number: errno) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(socket, pointer, length) == 0 && listen(socket, 16) == 0
          && getsockname(socket, pointer, &length) == 0
      }
    }
    guard bound else {
      let number = errno
      close(socket)
      throw Failure(call: "bind", number: number)
    }
    var ends: [Int32] = [0, 0]
    // Glibc's Swift module has no pipe2 or accept4: close-on-exec is set just after (and a
    // child is given nothing past its standard streams anyway).
    guard pipe(&ends) == 0, fcntl(ends[0], F_SETFD, FD_CLOEXEC) == 0,
      fcntl(ends[1], F_SETFD, FD_CLOEXEC) == 0
    else {
      let number = errno
      close(socket)
      throw Failure(call: "pipe2", number: number)
    }
    listener = socket
    wake = (ends[0], ends[1])
    let port = UInt16(bigEndian: address.sin_port)
    url = URL(string: "http://127.0.0.1:\(port)\(path)") ?? stream.url
    let thread = Thread { [self] in accepting() }
    thread.name = "movies-stream-relay"
    thread.start()
  }

  deinit {
    close(listener)
    close(wake.read)
    close(wake.write)
  }

  /// Takes no more connections; those open end as the player closes them.
  public func stop() {
    guard !stopped.exchange(true, ordering: .relaxed) else { return }
    var byte: UInt8 = 0x78
    _ = write(wake.write, &byte, 1)
  }

  private func accepting() {
    while !stopped.load(ordering: .relaxed) {
      var ready = [
        pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
      ]
      guard poll(&ready, 2, -1) >= 0 || errno == EINTR else { return }
      if ready[1].revents != 0 { return }
      guard ready[0].revents != 0 else { continue }
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { continue }
      _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
      let thread = Thread { [self] in
        serve(connection)
        close(connection)
      }
      thread.name = "movies-stream-relay-connection"
      thread.start()
    }
  }
}
