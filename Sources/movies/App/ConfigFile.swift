import Foundation
import MoviesCore

/// Defaults read from `$XDG_CONFIG_HOME/movies/config` (else `~/.config/movies/config`):
/// one `key = value` a line, `#` starts a comment. Flags and `MOVIES_API` win over it.
struct ConfigFile {
  /// One setting, with the line it came from for error messages.
  struct Entry {
    var key: String
    var value: String
    var line: Int
  }

  var path: String
  var entries: [Entry]
  /// Whether the group or others may read the file, as `ssh` checks for its keys.
  var othersCanRead = false

  /// The keys that hold a secret, as the sources declare them: a file with one should be
  /// readable by its owner only.
  static var secretKeys: Set<String> { Set(SourceDefinition.allSecrets.map(\.configKey)) }

  /// The secrets' keys the file holds while others can read it; empty when none is exposed.
  var exposedSecrets: [String] {
    guard othersCanRead else { return [] }
    let keys = Self.secretKeys
    return entries.map(\.key).filter { keys.contains($0) }
  }

  /// Where the file is: `$XDG_CONFIG_HOME/movies/config`, else `$HOME/.config/movies/config`.
  static func location(environment: [String: String]) -> String? {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      return config + "/movies/config"
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return home + "/.config/movies/config"
  }

  /// Which file the command line asks for.
  private enum Choice: Equatable {
    case usual
    /// `--no-config`.
    case none
    /// `--config FILE`.
    case file(String)
  }

  /// A config file holds a few lines; anything larger is refused before it is parsed (a
  /// 200 MB one took over 20 s).
  static let byteLimit = 1 << 20

  /// The file's settings; nil when there is no file, or with `--no-config`. `--config FILE`
  /// reads that file instead, which must be there. A line that is not `key = value` with a
  /// known key is an error naming the file and the line. Lines may end in CRLF, and a UTF-8
  /// byte order mark before the first is skipped, as git and ssh do.
  static func load(arguments: [String] = [], environment: [String: String])
    throws(Options.UsageError) -> ConfigFile?
  {
    switch choice(in: arguments) {
    case .none: return nil
    case .file(let named):
      let path = HomeFolder.expand(named, environment: environment)
      guard FileManager.default.fileExists(atPath: path) else {
        throw Options.UsageError(message: "--config: cannot read \(TerminalText.escape(path)).")
      }
      return try parse(read(path), path: path)
    case .usual:
      guard let path = location(environment: environment),
        FileManager.default.fileExists(atPath: path)
      else { return nil }
      return try parse(read(path), path: path)
    }
  }

  /// `--no-config` and `--config FILE` are read before the other flags, which the file's
  /// settings come under; the last of them wins, as flags do. Other flags' values are
  /// skipped, so `-c --config` is a command, not this flag.
  private static func choice(in arguments: [String]) -> Choice {
    var choice = Choice.usual
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      if argument == "--no-config" {
        choice = .none
      } else if argument.hasPrefix("--config=") {
        choice = .file(String(argument.dropFirst("--config=".count)))
      } else if argument == "--config" {
        if let file = remaining.popFirst() { choice = .file(file) }
      } else if !argument.contains("="), Setting.flag(argument)?.value != nil {
        _ = remaining.popFirst()
      }
    }
    return choice
  }

  /// The file's text, within ``byteLimit``, without a byte order mark, and whether others
  /// may read it. A symlink is followed (home-manager and dotfile managers make one), and
  /// its target is the file checked: a regular file, not a FIFO or a device whose reading
  /// would never end.
  private static func read(_ path: String) throws(Options.UsageError) -> (
    text: String, permissions: Int
  ) {
    guard let file = RegularFile.read(path, upTo: byteLimit + 1, links: .follow) else {
      throw Options.UsageError(
        message: "\(TerminalText.escape(path)) is not a file that can be read.")
    }
    guard file.size <= byteLimit, file.data.count <= byteLimit else {
      throw Options.UsageError(
        message: "\(TerminalText.escape(path)) is larger than \(Format.byteCount(byteLimit)); "
          + "a config file holds a few 'key = value' lines.")
    }
    var text = String(decoding: file.data, as: UTF8.self)
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    return (text, file.permissions)
  }

  private static func parse(_ file: (text: String, permissions: Int), path: String)
    throws(Options.UsageError) -> ConfigFile
  {
    let text = file.text
    var entries: [Entry] = []
    // "\r\n" is one Character to Swift, so splitting on "\n" alone keeps a CRLF file whole.
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    for (index, raw) in lines.enumerated() {
      let text = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        .trimmingCharacters(in: .whitespacesAndNewlines)
      if text.isEmpty { continue }
      let place = "\(path), line \(index + 1)"
      guard let equals = text.firstIndex(of: "=") else {
        throw Options.UsageError(message: "\(place): expected 'key = value', such as 'count = 20'.")
      }
      let key = text[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
      let value = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
      guard Setting.configKey(key) != nil else {
        let near = CommandUsage.nearest(key, among: Setting.configKeys).map {
          "did you mean '\($0)'? "
        }
        throw Options.UsageError(
          message: "\(place): unknown setting '\(TerminalText.escape(key))'; \(near ?? "")"
            + "the settings are \(Setting.configKeys.joined(separator: ", ")).")
      }
      guard !value.isEmpty else {
        throw Options.UsageError(message: "\(place): '\(key)' needs a value.")
      }
      entries.append(Entry(key: key, value: value, line: index + 1))
    }
    return ConfigFile(path: path, entries: entries, othersCanRead: file.permissions & 0o044 != 0)
  }
}
