import Foundation
import MoviesCore

/// The secret TMDb is asked with: a v3 API key, sent as the `api_key` parameter, or a v4 read
/// access token, sent as `Authorization: Bearer`. It comes from the environment or the config
/// file, never the command line, and its description never shows the secret.
public struct TMDbCredential: Sendable, CustomStringConvertible {
  /// How it is sent: a v3 key as `api_key`, a v4 token as `Authorization: Bearer`.
  public enum Kind: Sendable, Hashable {
    case apiKey
    case accessToken
  }

  /// Which of the two it is.
  public var kind: Kind
  /// Where it was read, for messages: `TMDB_API_KEY`, or the config file's key.
  public var origin: String
  let secret: String

  /// A credential of `kind` holding `secret`, read from `origin`.
  public init(kind: Kind, secret: String, origin: String) {
    self.kind = kind
    self.secret = secret
    self.origin = origin
  }

  /// The environment variables, in the order they are looked for.
  public static let keyVariable = "TMDB_API_KEY"
  /// The variable a v4 read access token is read from.
  public static let tokenVariable = "TMDB_ACCESS_TOKEN"

  /// What it is and where it was read, never the secret.
  public var description: String {
    "TMDb \(kind == .apiKey ? "API key" : "access token") (\(origin))"
  }

  /// The request headers the credential adds: the bearer, for a token.
  var headers: [String] {
    kind == .accessToken ? ["Authorization: Bearer \(secret)"] : []
  }

  /// The query items it adds: the key, for a v3 key.
  var queryItems: [URLQueryItem] {
    kind == .apiKey ? [URLQueryItem(name: "api_key", value: secret)] : []
  }
}
