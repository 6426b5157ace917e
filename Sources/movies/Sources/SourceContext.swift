import Foundation
import MoviesCore
import MoviesStore

/// What a ``SourceDefinition`` makes its source from: the options, the environment, and
/// where the program keeps things; the one HTTP engine is started only for a source that asks.
struct SourceContext {
  var options: Options
  var environment: [String: String]
  /// Where files are kept between runs; nil when there is no trusted folder this run.
  var cacheFolder: URL?

  /// The process's one HTTP engine, started now.
  func engine() throws(StartupError) -> HTTPEngine {
    do {
      return try HTTPEngine(timeout: .milliseconds(Int(options.timeout * 1_000)))
    } catch {
      throw .httpEngine(error)
    }
  }

  var retry: RetryPolicy { RetryPolicy(retries: options.retries) }

  /// A value of one of the source's own settings (`jellyfin-user`), by its key.
  func value(_ key: String) -> String? { options.sourceValues[key] }

  /// The source's address: `--api`, else its usual one; a source that needs one and has none
  /// is a usage error naming an example.
  func address(of definition: SourceDefinition) throws(StartupError) -> URL {
    if let api = options.api { return api }
    switch definition.address {
    case .usual(let url): return url
    case .required, .none: throw .needsAddress(definition)
    }
  }

  /// How a credential kept by `--sign-in` is said where it came from: `signed in as alice`.
  static let signedIn = "signed in as "

  /// The source's credential: its secret in the environment, else (for a source that takes
  /// `--sign-in`) the token its sign-in kept for `server`, else the config file's secret. A
  /// kept sign-in that cannot be used is refused with its reason, rather than passed over.
  func credential(of definition: SourceDefinition, server: URL) throws(StartupError) -> (
    value: String, origin: String
  )? {
    let environmentSecret = definition.secrets.contains {
      !(environment[$0.variable] ?? "").isEmpty
    }
    if !environmentSecret, definition.signsIn,
      let folder = SavedSignIn.folder(environment: environment)
    {
      let base = (try? ServerAddress.base(server, for: definition)) ?? server
      switch SavedSignIn.load(
        from: SavedSignIn.file(source: definition.name, server: base, in: folder), server: base)
      {
      case .found(let saved):
        return (saved.token, Self.signedIn + TerminalText.escape(saved.userName))
      case .unusable(let why): throw .wrongSource(why)
      case .none: break
      }
    }
    return try secret(among: definition.secrets).map { ($0.value, $0.origin) }
  }

  /// The first of `secrets` that is set, in the environment (in their order), else in the
  /// config file, with where it was read for messages; nil when none is. A value with a
  /// control character (a line break would end a header and start another) is refused.
  func secret(among secrets: [SourceDefinition.Secret]) throws(StartupError) -> (
    secret: SourceDefinition.Secret, value: String, origin: String
  )? {
    var found: (SourceDefinition.Secret, String, String)?
    if let secret = secrets.first(where: { !(environment[$0.variable] ?? "").isEmpty }),
      let value = environment[secret.variable]
    {
      found = (secret, value, secret.variable)
    } else if let secret = secrets.first(where: { options.configSecrets[$0.configKey] != nil }),
      let value = options.configSecrets[secret.configKey]
    {
      found = (secret, value, "the config file's \(secret.configKey)")
    }
    guard let found else { return nil }
    guard found.1.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
      throw .unusableSecret(origin: found.2)
    }
    return found
  }
}
