import Foundation
import Synchronization

/// The process's one HTTP engine: every page, genre list and thumbnail goes through it.
///
/// It runs libcurl's multi interface on one thread of its own (see ``CurlMulti``), so
/// connections are kept alive and shared, up to six per host, and no request ever blocks the
/// Swift concurrency pool. A request is an `async` call; cancelling the calling task removes
/// its transfer at once. Each request has a real whole-request deadline, a cap on its body
/// counted after decoding, a cap on its headers, at most a few redirects, and http or https
/// only. Nothing is cached and nothing is written to disk.
public final class HTTPEngine: Sendable {
  /// A body and the response it came with.
  public struct Response: Sendable {
    /// The body, decoded.
    public var body: Data
    /// The final response's HTTP status.
    public var status: Int
    /// The `Retry-After` header of the final response, when the server sent one.
    public var retryAfter: String?
    /// Where a redirect leads, absolute, when the answer had a `Location` that could be
    /// read; nil otherwise.
    public var redirect: URL? = nil
    /// The `Content-Range` header, when the server sent one.
    public var contentRange: String? = nil
    /// The `Content-Type` header, when the server sent one.
    public var contentType: String? = nil
  }

  /// How long one request may take as a whole, unless a request's limits say otherwise.
  public let timeout: Duration

  private let loop: Loop
  private let ids = Atomic<UInt64>(0)

  /// Starts the engine and its thread. Creating it fails only when libcurl cannot be set up.
  /// - Parameter timeout: the default whole-request deadline (15 s).
  public init(timeout: Duration = .seconds(15)) throws(TransferFailure) {
    self.timeout = timeout
    loop = Loop(multi: try CurlMulti())
    let loop = self.loop
    let thread = Thread { loop.run() }
    thread.name = "movies-http"
    thread.start()
  }

  deinit {
    loop.stop()
  }

  /// Loads `url` once, following a GET's redirects itself: `headers` (a credential among
  /// them) go only to `url`'s own scheme, host and port; a POST's redirect is its answer,
  /// not followed (``following(_:limits:headers:post:method:)``). Cancelling the calling task ends
  /// the transfer at once and throws `CancellationError`; any other failure is a
  /// ``TransferFailure``.
  /// - Parameters:
  ///   - headers: extra request headers, `Name: value` each (none by default).
  ///   - post: a body to POST (empty for a POST without one); nil for a GET (the default).
  ///   - method: another method, without a body (`DELETE`), whose redirect is not followed
  ///     either; nil for GET or POST (the default).
  public func load(
    _ url: URL, limits: TransferLimits, headers: [String] = [], post: Data? = nil,
    method: String? = nil
  ) async throws -> Response {
    try await following(url, limits: limits, headers: headers, post: post, method: method)
  }

  /// Asks `url` once, follows no redirect and reads no body: the status and, for a redirect,
  /// where it leads. For a stream a player will read: where it really is, before the
  /// player's own requests (which carry the headers to wherever they are sent) follow it.
  public func firstAnswer(_ url: URL, limits: TransferLimits, headers: [String] = [])
    async throws -> Response
  {
    try await send(url, limits: limits, headers: headers, stopsAtAnswer: true)
  }

  func send(
    _ url: URL, limits: TransferLimits, headers: [String], stopsAtAnswer: Bool, post: Data? = nil,
    method: String? = nil
  ) async throws -> Response {
    let id = ids.add(1, ordering: .relaxed).newValue
    let loop = self.loop
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        // A cancellation that came before the start found nothing to end: nothing is sent.
        guard !Task.isCancelled else { return continuation.resume(throwing: CancellationError()) }
        loop.send(
          .start(
            CurlRequest(
              id: id, url: url, limits: limits, headers: headers, stopsAtAnswer: stopsAtAnswer,
              post: post, method: method, reply: continuation)))
        // One that came in between is queued after the start, which ends it before it is sent.
        if Task.isCancelled { loop.send(.cancel(id)) }
      }
    } onCancel: {
      loop.send(.cancel(id))
    }
  }
}

extension HTTPEngine {
  /// What other threads ask of the engine's thread.
  enum Command: Sendable {
    case start(CurlRequest)
    case cancel(UInt64)
  }

  /// The engine's thread: it owns the multi handle, takes commands from a queue, and sleeps in
  /// libcurl's poll, which a new command interrupts.
  final class Loop: Sendable {
    private struct Queue {
      var commands: [Command] = []
      var stopping = false
    }

    private let queue = Mutex(Queue())
    // The multi handle is used only by `run`, on the engine's thread, except for `wake`, which
    // libcurl documents as safe from any thread. `CurlMulti` is a class for its deinit.
    nonisolated(unsafe) private let multi: CurlMulti

    init(multi: CurlMulti) {
      self.multi = multi
    }

    func send(_ command: Command) {
      queue.withLock { $0.commands.append(command) }
      multi.wake()
    }

    func stop() {
      queue.withLock { $0.stopping = true }
      multi.wake()
    }

    /// Runs until `stop`; then cancels what is still in flight.
    func run() {
      while true {
        let (commands, stopping) = queue.withLock { queue in
          defer { queue.commands.removeAll(keepingCapacity: true) }
          return (queue.commands, queue.stopping)
        }
        for command in commands {
          switch command {
          case .start(let request): multi.start(request)
          case .cancel(let id): multi.cancel(id)
          }
        }
        if stopping {
          multi.cancelAll()
          return
        }
        multi.perform()
        multi.poll()
      }
    }
  }
}
