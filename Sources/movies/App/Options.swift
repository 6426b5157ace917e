import Foundation
import MoviesCore

/// The command line, parsed.
struct Options {
  /// What the command line asks for.
  enum Action {
    case browse(Options)
    case help
    case version
    /// `--pick-preview FILE ROW`: the hidden mode fzf runs for `pick`'s preview pane.
    case pickPreview(file: String, row: Int)
    /// `--generate KIND`: print the man page or a completion, for scripts/generate.
    case generate(GeneratedDocument)
  }

  /// A command line that cannot be used; exit status 2.
  struct UsageError: Error {
    var message: String
  }

  /// The version, declared here once: `--version`, the banner, the man page and the clients'
  /// names take it from here, and scripts/package from `--version`.
  static let version = "0.1.0"

  var api: URL?
  /// `--api` as given, read once the source is known, so a wrong one gets that source's
  /// example; and where it was given (`--api`, `MOVIES_API`, the config file's line).
  var apiText: (text: String, from: String)?
  /// Whether `--api`, `MOVIES_API` or `--source` was given on this run's command line or
  /// environment, not by the config file: `--resume` must not send a secret elsewhere.
  var sourceNamedHere = false
  /// `--source`: a ``SourceDefinition``'s name; nil picks Hoppin with `--api`, else the
  /// offline catalogue.
  var source: String?
  /// The values of the sources' own settings (`language`, `jellyfin-user`), by config key.
  var sourceValues: [String: String] = [:]
  /// The config file's secrets, by key; never a flag (argv is public). The environment's
  /// win over them.
  var configSecrets: [String: String] = [:]
  /// Whether `--order` (or the config) chose the order, else the source's default is used.
  var orderGiven = false
  var query = MovieQuery()
  var downloadFolder = "thumbnails"
  var cacheFolder: String?
  /// `--preview MODE`: draw posters in this mode, also in script mode; nil for the default.
  var previewMode: PreviewMode?
  /// `--no-preview`: never draw posters.
  var noPreview = false
  /// Retries of a transient failure (`--retries`); 2 means 3 attempts in all.
  var retries = RetryPolicy.defaultRetries
  /// Seconds one request may take as a whole (`--timeout`).
  var timeout = 15.0
  /// `--no-prefetch`: fetch a page only when `more` asks for it.
  var noPrefetch = false
  var color = ColorMode.auto
  /// `--json`: one JSON object per line for every command.
  var json = false
  /// `--no-pager`: never pipe `list` through `$PAGER`.
  var noPager = false
  /// Commands from `-c`, run in order instead of reading standard input.
  var commands: [String] = []
  /// `-f FILE`: read the commands from FILE, as from standard input.
  var scriptFile: String?
  /// `--stop-on-error`: in script mode, stop at the first command that fails.
  var stopOnError = false
  /// `--resume`: reopen the session saved when the prompt was last left.
  var resume = false
  /// `--sign-in` or `--sign-out`: a Jellyfin server's token kept or ended instead of browsing.
  var account: AccountAction?
  /// The config file's `pager`, used instead of `$PAGER`.
  var pager: String?
  /// The config file's `audio-language` and `subtitle-language`: the tracks `play` chooses
  /// unless its line says otherwise.
  var preferredTracks = PlayChoices()
  /// Where the genre came from, for a message about a genre the source does not list.
  var genreOrigin = GenreOrigin.flag

  enum GenreOrigin: Equatable {
    case flag
    case config(path: String, line: Int)
    case savedSession(path: String)
  }

  /// The config file first, then `MOVIES_API`, then the flags: each wins over the one before.
  static func parse(
    _ arguments: [String], environment: [String: String], config: ConfigFile? = nil
  ) throws(UsageError) -> Action {
    var options = Options()
    for entry in config?.entries ?? [] {
      // The reader takes only declared keys.
      guard let setting = Setting.configKey(entry.key) else { continue }
      // Messages name the key, as the line does, not the flag.
      var values = Setting.Values(
        flag: entry.key, inline: entry.value, remaining: [], fromConfig: true)
      let place = "\(config?.path ?? "config"), line \(entry.line)"
      do {
        _ = try setting.apply(&options, &values)
        if entry.key == "genre" {
          options.genreOrigin = .config(path: config?.path ?? "config", line: entry.line)
        }
      } catch {
        throw UsageError(
          message: "\(place): \(error.message)" + nearMiss(entry.value, of: setting, in: error))
      }
    }
    if let api = environment["MOVIES_API"], !api.isEmpty {
      options.apiText = (api, "MOVIES_API")
      options.sourceNamedHere = true
    }
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      var name = argument
      var inline: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      guard let setting = Setting.flag(name) else {
        throw UsageError(message: "Unknown option '\(TerminalText.escape(argument))'.")
      }
      var values = Setting.Values(flag: name, inline: inline, remaining: remaining)
      do {
        if let action = try setting.apply(&options, &values) { return action }
      } catch {
        let value = inline ?? remaining.first ?? ""
        throw UsageError(message: error.message + nearMiss(value, of: setting, in: error))
      }
      if setting.flags.contains("--genre") { options.genreOrigin = .flag }
      if setting.flags.contains("--api") || setting.flags.contains("--source")
        || setting.flags.contains("--offline")
      {
        options.sourceNamedHere = true
      }
      remaining = values.remaining
    }
    if let (text, from) = options.apiText {
      options.api = try apiURL(text, from: from, for: SourceDefinition.chosen(by: options))
    }
    return .browse(options)
  }

  /// " Did you mean 'never'?" after the error of a value near one of the setting's choices
  /// (`--color nevr`), unless the error already suggests one.
  private static func nearMiss(_ value: String, of setting: Setting, in error: UsageError)
    -> String
  {
    guard case .choices(let choices) = setting.completes, !error.message.contains("did you mean"),
      let near = CommandUsage.nearest(value.lowercased(), among: choices)
    else { return "" }
    return " Did you mean '\(near)'?"
  }

  /// `--api`'s text as an address, with the example of the source it is for.
  static func apiURL(_ text: String, from origin: String, for definition: SourceDefinition)
    throws(UsageError) -> URL
  {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host != nil
    else {
      let example =
        definition.exampleAddress.isEmpty
        ? SourceDefinition.hoppin.exampleAddress : definition.exampleAddress
      throw UsageError(message: "\(origin) needs an http or https URL, such as \(example).")
    }
    return url
  }

  /// An address as messages show it: without a user name or password.
  static func shown(_ url: URL) -> String {
    guard url.user != nil || url.password != nil,
      var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
    else { return TerminalText.escape(url.absoluteString) }
    components.user = nil
    components.password = nil
    return TerminalText.escape(components.url?.absoluteString ?? "")
  }

  /// A language (`fr`, `pt-BR`) or a country (`DE`): letters and a dash, as TMDb takes them.
  static func localeCode(_ text: String, flag: String, example: String) throws(UsageError)
    -> String
  {
    guard (2...10).contains(text.count),
      text.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-") })
    else { throw UsageError(message: "\(flag) needs a code such as \(example).") }
    return text
  }

  static func pageSize(_ text: String, flag: String) throws(UsageError) -> Int {
    guard let count = Int(text), (1...1_000).contains(count) else {
      throw UsageError(message: "\(flag) needs a whole number from 1 to 1000.")
    }
    return count
  }

  static func retries(_ text: String, flag: String) throws(UsageError) -> Int {
    guard let retries = Int(text), (0...10).contains(retries) else {
      throw UsageError(message: "\(flag) needs a whole number from 0 to 10.")
    }
    return retries
  }

  static func timeout(_ text: String, flag: String) throws(UsageError) -> Double {
    guard let seconds = Double(text), seconds.isFinite, (0.1...3_600).contains(seconds) else {
      throw UsageError(
        message: "\(flag) needs a number of seconds from 0.1 to 3600, such as 15.")
    }
    return seconds
  }

  /// An order name in any case, an alias (`rating`) or a unique prefix, as `order` takes;
  /// unlike `order`, not another word for the server: a flag's value that the server refuses
  /// would only fail once the first page was asked for, a usage error found late. A word
  /// that is no order is told the orders of `source` (as chosen so far), or every source's.
  static func order(_ text: String, flag: String, source: String?) throws(UsageError)
    -> String
  {
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
      throw UsageError(message: "\(flag) needs a word such as rating or releasedateasc.")
    }
    switch OrderName.resolve(text) {
    case .success(let order) where OrderName.words.contains(order): return order
    case .success:
      let offered = source.flatMap(SourceDefinition.named)?.capabilities.orders
      throw UsageError(
        message: "\(flag): '\(CommandUsage.excerpt(text))' is not an order; the orders are "
          + OrderName.words(offeredBy: offered).joined(separator: ", ") + ".")
    case .failure(let problem):
      throw UsageError(message: "\(flag): " + OrderName.message(text, problem))
    }
  }

  /// - Parameter orOff: the config file's key, which also takes `off`, as its message says.
  static func previewMode(_ text: String, flag: String, orOff: Bool = false) throws(UsageError)
    -> PreviewMode
  {
    guard let mode = PreviewMode(rawValue: text.lowercased()) else {
      let modes = PreviewMode.allCases.map(\.rawValue).joined(separator: ", ")
      throw UsageError(message: "\(flag) needs one of \(modes)\(orOff ? ", or off" : "").")
    }
    return mode
  }

  static func folder(_ text: String, for option: String) throws(UsageError) -> String {
    guard !text.isEmpty else { throw UsageError(message: "\(option) needs a folder.") }
    return text
  }
}

/// `--color`: when to use colour.
enum ColorMode: String, CaseIterable {
  /// On a terminal, unless `NO_COLOR` is set or `TERM=dumb`.
  case auto
  case always
  case never
}
