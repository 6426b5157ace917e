import MoviesCore

/// A source whose capabilities are known before a client is made (its declaration reads
/// them), the client adding only where its secret was read.
public protocol DeclaredSource: MovieSource {
  /// What the source can do, known before a client is made.
  static var declaredCapabilities: SourceCapabilities { get }
  /// Where the secret was read (`JELLYFIN_TOKEN`), for the banner.
  var credentialOrigin: String { get }
}

extension DeclaredSource {
  /// The declared capabilities, with where the secret was read.
  public var capabilities: SourceCapabilities {
    var capabilities = Self.declaredCapabilities
    capabilities.credential = credentialOrigin
    return capabilities
  }
}
