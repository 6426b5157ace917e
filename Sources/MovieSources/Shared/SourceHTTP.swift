import Foundation
import MoviesCore
import Synchronization

/// The one way every remote source asks its server: the request with the source's headers,
/// a slot of its pacer, retries of what may pass (after a `Retry-After`, within the policy's
/// caps), the transient rule, and failures worded the same for every source, with every
/// declared secret taken out of what the server sends back. A source says only what to ask
/// and how to read the answer.
public struct SourceHTTP: Sendable {
  /// Who is asked, for messages.
  public struct Server: Sendable {
    /// The server as the subject of a sentence: "TMDb", "the Jellyfin server", "the server".
    public var name: String
    /// What a right address is, for the advice after a wrong one: "a Hoppin movies endpoint".
    public var address: String
    /// The sentence for a refused credential (`401`, `403`); the status and the server's own
    /// words (escaped, redacted) are passed in.
    public var refusal: @Sendable (_ status: Int, _ target: LoadTarget, _ reason: String?) -> String

    /// A server named `name`, whose right address is `address`, refusing as `refusal` says.
    public init(
      name: String, address: String,
      refusal: @escaping @Sendable (Int, LoadTarget, String?) -> String
    ) {
      self.name = name
      self.address = address
      self.refusal = refusal
    }
  }

  /// The process's one HTTP engine.
  public let engine: HTTPEngine
  /// How failures that may pass are tried again.
  public let retry: RetryPolicy
  /// Who is asked, for messages.
  public let server: Server
  /// Sent with every request the credential goes with: the credential's header, `Accept`.
  let headers: [String]
  /// Query items added to every such request (TMDb's v3 `api_key`): never shown, and
  /// redacted from anything that quotes an address.
  let queryItems: [URLQueryItem]
  let pacer: RequestPacer?
  /// The statuses that mean the credential was refused: 401 for most, 403 too for a server
  /// whose 403 is about the token (Jellyfin).
  let refusedStatuses: Set<Int>
  /// Takes every declared secret out of what the server sends back and of messages.
  public let redactor: SecretRedactor
  /// Set once an answer of 2xx came: a lasting failure after that is the server in trouble,
  /// not a wrong address.
  private let answered = Answered()

  private final class Answered: Sendable {
    let any = Mutex(false)
  }

  /// - Parameters:
  ///   - headers: `Name: value` lines sent with every authorized request.
  ///   - queryItems: parameters added to every authorized request's address.
  ///   - secrets: the values to keep out of every message and body.
  ///   - pacer: spaces the requests for a server with a rate limit; nil for none.
  public init(
    engine: HTTPEngine, retry: RetryPolicy, server: Server, headers: [String] = [],
    queryItems: [URLQueryItem] = [], secrets: [String] = [], pacer: RequestPacer? = nil,
    refusedStatuses: Set<Int> = [401]
  ) {
    self.engine = engine
    self.retry = retry
    self.server = server
    self.headers = headers
    self.queryItems = queryItems
    self.pacer = pacer
    self.refusedStatuses = refusedStatuses
    redactor = SecretRedactor(secrets: secrets + queryItems.compactMap(\.value))
  }

  /// Whether a page has come from this server: a later 404 is not a wrong address.
  public var hasAnswered: Bool { answered.any.withLock { $0 } }

  /// Limits for a body of up to `maxBytes`, within the engine's deadline.
  public func limits(maxBytes: Int) -> TransferLimits {
    TransferLimits(maxBytes: maxBytes, deadline: engine.timeout)
  }

  /// Loads `url`'s body, tried again as the policy says; every declared secret in it is
  /// masked before anyone reads it (an image's bytes are left as they are). Throws a
  /// ``Failure`` once it gives up, or `CancellationError`.
  /// - Parameters:
  ///   - authorized: false for a request the credential must not go with (a poster on
  ///     another host).
  ///   - extraHeaders: `Name: value` lines for this request alone (a server that takes the
  ///     page asked for in headers).
  public func get(
    _ url: URL, _ target: LoadTarget, limits: TransferLimits, authorized: Bool = true,
    extraHeaders: [String] = []
  ) async throws -> Data {
    try await send(url, target, limits: limits, authorized: authorized, extraHeaders: extraHeaders)
  }

  /// POSTs `json` (nil: an empty body) to `url` with the credential, as ``get(_:_:limits:authorized:extraHeaders:)``
  /// loads: the same attempts, rules and wording. For what a source writes (a playback
  /// report); the answer's body (often none) is returned.
  public func post(_ url: URL, _ target: LoadTarget, json: Data? = nil) async throws -> Data {
    try await send(
      url, target, limits: limits(maxBytes: 1 << 16),
      extraHeaders: json == nil ? [] : ["Content-Type: application/json"], post: json ?? Data())
  }

  /// DELETEs `url` with the credential, as ``post(_:_:json:)`` POSTs: what a source takes
  /// back (a film marked played).
  public func delete(_ url: URL, _ target: LoadTarget) async throws -> Data {
    try await send(url, target, limits: limits(maxBytes: 1 << 16), method: "DELETE")
  }

  /// How long a report may take: a server that does not answer it holds `play` no longer.
  public static let reportDeadline = Duration.seconds(3)

  private func send(
    _ url: URL, _ target: LoadTarget, limits: TransferLimits, authorized: Bool = true,
    extraHeaders: [String] = [], post: Data? = nil, method: String? = nil
  ) async throws -> Data {
    let sent = authorized ? adding(queryItems, to: url) : url
    var (limits, retry) = (limits, retry)
    if target.isReport {
      // One attempt, within a few seconds, to this server alone: its redirect is the answer.
      limits.deadline = min(limits.deadline, Self.reportDeadline)
      limits.maxRedirects = 0
      retry.retries = 0
    }
    return try await retry.run { attempt in
      if let pacer { try await pacer.waitForSlot() }
      let response: HTTPEngine.Response
      do {
        response = try await engine.load(
          sent, limits: limits, headers: (authorized ? headers : []) + extraHeaders, post: post,
          method: method)
      } catch let failure as TransferFailure {
        return .failure(
          self.failure(.transfer(failure), target, attempt), transient: failure.isTransient,
          retryAfter: nil)
      }
      if (200..<300).contains(response.status) {
        if case .page = target.kind { answered.any.withLock { $0 = true } }
        return .success(target.kind == .poster ? response.body : redactor.redact(response.body))
      }
      let reason = Failure.reason(in: redactor.redact(response.body))
      if authorized, refusedStatuses.contains(response.status) {
        throw self.failure(.refused(response.status, reason: reason), target, attempt)
      }
      let wait = RetryAfter.wait(response.retryAfter)
      let transient = Failure.transientStatuses.contains(response.status)
      if transient, let wait, wait > retry.maxRetryAfter {
        throw self.failure(.asksToWait(response.status, wait), target, attempt)
      }
      return .failure(
        self.failure(.status(response.status, reason: reason), target, attempt),
        transient: transient, retryAfter: wait)
    }
  }

  private func failure(_ cause: Failure.Cause, _ target: LoadTarget, _ attempts: Int) -> Failure {
    Failure(cause, target, attempts: attempts, from: server, afterAnswers: hasAnswered)
  }

  private func adding(_ items: [URLQueryItem], to url: URL) -> URL {
    guard !items.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
    else { return url }
    components.queryItems = (components.queryItems ?? []) + items
    return components.url ?? url
  }
}
