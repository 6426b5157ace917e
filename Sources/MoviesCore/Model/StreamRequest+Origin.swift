import Foundation

extension StreamRequest {
  /// Why a stream was not handed to a player.
  public enum Refusal: Swift.Error, Sendable, Hashable {
    /// The stream's server sent it on to another server: scheme, host and port, escaped.
    case elsewhere(origin: String)
    /// The redirects went on past the limit.
    case tooManyRedirects(limit: Int)
    /// A redirect without an address that can be read: a player may still make one of it.
    case unreadableRedirect
    /// The stream's first answer did not come.
    case unreachable(TransferFailure)

    /// What happened, after "Row 3's stream ".
    public var explanation: String {
      switch self {
      case .elsewhere(let origin):
        "was sent on to another server (\(origin)), where the player would have taken the "
          + "server's credential"
      case .tooManyRedirects(let limit): "was redirected more than \(limit) times"
      case .unreadableRedirect: "was redirected to an address that could not be read"
      case .unreachable(let failure): "could not be reached: \(failure.explanation)"
      }
    }
  }

  /// The stream at the address it really has, asked first through `engine` (the source's
  /// own), following its redirects while they stay on its server (scheme, host and port).
  /// A player sends its headers, the credential among them, on every request, redirects
  /// included (mpv's ffmpeg does): so it gets only an address on the stream's own server, and
  /// a redirect to any other is refused.
  ///
  /// Chosen over a loopback relay that would add the headers itself: a relay is a second HTTP
  /// server and a body pump for hours of video, where this is one request. What it leaves:
  /// the player's own later requests (seeks) to that address are the server's to answer.
  public func resolved(through engine: HTTPEngine, redirects limit: Int = 5) async throws
    -> StreamRequest
  {
    let limits = TransferLimits(maxBytes: 1 << 16, deadline: engine.timeout, maxRedirects: 0)
    let origin = url.origin
    var address = url
    for _ in 0...limit {
      let answer: HTTPEngine.Response
      do {
        answer = try await engine.firstAnswer(address, limits: limits, headers: headers)
      } catch let failure as TransferFailure {
        throw Refusal.unreachable(failure)
      }
      guard (300..<400).contains(answer.status) else {
        var stream = self
        stream.url = address
        return stream
      }
      guard let next = answer.redirect else { throw Refusal.unreadableRedirect }
      guard next.origin == origin else {
        throw Refusal.elsewhere(origin: TerminalText.escape(next.origin))
      }
      address = next
    }
    throw Refusal.tooManyRedirects(limit: limit)
  }
}
