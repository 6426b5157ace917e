import MoviesCore

/// The headers a Plex Media Server takes on every request: the token as `X-Plex-Token` (never
/// in an address, though Plex accepts it there too), JSON asked for (Plex answers XML
/// otherwise), and the client described as the server's dashboard lists it.
///
/// Its `description` never shows the token, so it can be logged or interpolated safely.
public struct PlexHeaders: Sendable, CustomStringConvertible {
  private let token: String
  /// This machine's stable id, so the dashboard lists one device, not one per run.
  public let clientIdentifier: String
  /// This program's version, as the dashboard shows it.
  public let version: String

  /// Throws ``UnusableToken`` for a token no header can carry.
  public init(token: String, clientIdentifier: String, version: String) throws(UnusableToken) {
    guard !token.isEmpty, token.utf8.count <= 256,
      token.utf8.allSatisfy({ (0x21..<0x7F).contains($0) })
    else { throw UnusableToken() }
    self.token = token
    self.clientIdentifier = Self.plain(clientIdentifier)
    self.version = Self.plain(version)
  }

  /// The token itself, for the redaction of what the server sends back.
  var secret: String { token }

  /// The header lines, for ``HTTPEngine/load(_:limits:headers:)``.
  public var lines: [String] {
    [
      "X-Plex-Token: " + token, "Accept: application/json",
      "X-Plex-Client-Identifier: " + clientIdentifier, "X-Plex-Product: movies",
      "X-Plex-Version: " + version,
    ]
  }

  /// The headers with the token hidden.
  public var description: String {
    "X-Plex-Token: (hidden), X-Plex-Client-Identifier: \(clientIdentifier), "
      + "X-Plex-Product: movies, X-Plex-Version: \(version)"
  }

  private static func plain(_ text: String) -> String {
    let kept = text.unicodeScalars.filter { (0x21..<0x7F).contains($0.value) }
    let result = String(String.UnicodeScalarView(kept))
    return result.isEmpty ? "unknown" : String(result.prefix(64))
  }
}
