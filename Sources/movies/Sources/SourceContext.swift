import Foundation
import MoviesCore

/// What a ``SourceDefinition`` makes its source from: the options, the environment, and
/// where the program keeps things; the one HTTP engine is started only for a source that asks.
struct SourceContext {
  var options: Options
  var environment: [String: String]
  /// Where files are kept between runs; nil when there is no trusted folder this run.
  var cacheFolder: URL?
  var terminalWidth: Int

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
