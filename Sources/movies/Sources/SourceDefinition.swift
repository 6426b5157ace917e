import Foundation
import MoviesCore

/// One movie source, declared once: its `--source` word and summary, its address, its own
/// flags and config keys, its secrets, what it can do, and how it is made. `--source`, the
/// config file's keys and its private-file warning, `--help`, restoring a saved session, the
/// completions and the man page are all read from ``all``, so a new source is its folder in
/// the core, one file here, and one line in that list.
struct SourceDefinition: Sendable {
  /// A secret the source is asked with: from the environment, else the config file, never a
  /// flag (argv is public).
  struct Secret: Sendable {
    /// The environment variable, such as `TMDB_API_KEY`.
    var variable: String
    /// The config file's key, such as `tmdb-api-key`.
    var configKey: String
    /// What it is, for `--help` and the man page: "a TMDb v3 API key".
    var help: String
    /// How it goes to the server, for the docs: "the api_key parameter".
    var sentAs: String
  }

  /// What `--api` is to the source.
  enum Address: Sendable {
    /// It takes none (the offline catalogue).
    case none
    /// It needs one; the example goes into the message when it is missing.
    case required(example: String)
    /// It has a usual one, which `--api` replaces.
    case usual(URL)
  }

  /// The `--source` word, and the kind the library records.
  var name: String
  /// What it browses and what it needs, for `--help`: "a Jellyfin library at --api".
  var summary: String
  var address: Address
  /// Its own flags and config keys (`--jellyfin-user`); its secrets' keys are added to them.
  var settings: [Setting] = []
  /// Its secrets, in the order they are looked for.
  var secrets: [Secret] = []
  /// The sentence that says how to set it up when its secret is missing.
  var setup: String = ""
  /// The server's product name (`Jellyfin`), for a source whose setup asks its server
  /// before the first command (its user, its library): the banner is printed first, with a
  /// spinner while the server answers. Nil for a source that asks nothing at start.
  var asksAtStart: String? = nil
  /// What it can do, known before anything is asked (orders, server search, playback).
  var capabilities: SourceCapabilities
  /// Makes the source from the options; every failure ends the program before a command runs.
  var make: @Sendable (SourceContext) async throws(StartupError) -> SourceChoice
}

extension SourceDefinition {
  /// The source a `--source` word names.
  static func named(_ name: String) -> SourceDefinition? {
    all.first { $0.name == name }
  }

  /// Whether it takes `--sign-in`, as its settings say: its kept token is a credential too.
  var signsIn: Bool { settings.contains { $0.flags.contains(AccountAction.signIn.flag) } }

  /// Every secret of every source.
  static var allSecrets: [Secret] { all.flatMap(\.secrets) }

  /// The source the options pick: `--source`, else a Hoppin server with `--api`, else the
  /// offline catalogue.
  static func chosen(by options: Options) -> SourceDefinition {
    options.source.flatMap(named) ?? (options.api == nil ? offline : hoppin)
  }

  /// The names as a sentence lists them: `offline, hoppin or tmdb`.
  static var namesInWords: String {
    let names = all.map(\.name)
    guard let last = names.last else { return "" }
    return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
  }

  /// The setting each secret is in the config file: a key with no flag.
  var secretSettings: [Setting] {
    secrets.map { secret in
      Setting(flags: [], help: "\(secret.help), as \(secret.variable)", configKey: secret.configKey)
      {
        options, values throws(Options.UsageError) in
        options.configSecrets[secret.configKey] = try values.value()
        return nil
      }
    }
  }
}

extension SourceDefinition {
  /// The address `--help` and messages give as an example; empty for a source with none.
  var exampleAddress: String {
    switch address {
    case .required(let example): example
    case .usual(let url): url.absoluteString
    case .none: ""
    }
  }
}

extension SourceDefinition {
  /// The address the source uses without `--api`; nil when it needs one or takes none.
  var usualAddress: URL? {
    if case .usual(let url) = address { return url }
    return nil
  }
}

extension SourceDefinition {
  /// `--source`'s help: each source's name and summary.
  static var sourcesHelp: String {
    let each: [String] = all.map { (definition: SourceDefinition) -> String in
      definition.name + " (" + definition.summary + ")"
    }
    return each.joined(separator: ", ")
  }
}

extension SourceDefinition {
  /// The sources' own settings and their secrets' config keys, as each declares them.
  static var allSettings: [Setting] {
    all.flatMap { $0.settings + $0.secretSettings }
  }
}

extension Setting {
  /// A source's setting that names something on its server (a user, a library): a flag and a
  /// config key taking a name that is not empty, kept under `key` for the source.
  static func sourceName(
    _ flag: String, key: String, help: @autoclosure @escaping @Sendable () -> String
  ) -> Setting {
    Setting(flags: [flag], value: "NAME", help: help(), configKey: key) {
      options, values throws(Options.UsageError) in
      let name = try values.value()
      guard !name.isEmpty else { throw Options.UsageError(message: "\(values.flag) needs a name.") }
      options.sourceValues[key] = name
      return nil
    }
  }
}
