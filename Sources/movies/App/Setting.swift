/// One setting a person can give: a flag, a config file key, or both, declared once in
/// ``Setting/all``. The parser, `--help`'s option list and the config reader are derived from
/// it; a test holds the man page and the bash and zsh completions to it.
struct Setting: Sendable {
  /// What a shell completes after the flag.
  enum Completes: Sendable, Equatable {
    case nothing
    case folder
    case file
    case url
    /// A command line: the command names.
    case command
    case choices([String])
  }

  /// How the flag's values are reached, from the command line or a config line.
  struct Values {
    /// The flag as typed, for messages (`--count`).
    var flag: String
    /// The `=value` of `--flag=value`, or the config line's value.
    var inline: String?
    var remaining: ArraySlice<String>
    /// True for a line of the config file, which names the setting without a flag.
    var fromConfig = false

    /// The flag's value: after `=`, else the next argument.
    mutating func value() throws(Options.UsageError) -> String {
      if let inline { return inline }
      guard let next = remaining.popFirst() else {
        throw Options.UsageError(message: "\(flag) needs a value.")
      }
      return next
    }
  }

  /// The flag's spellings, such as `-h` and `--help`; none for a config-only key.
  var flags: [String]
  /// The value's placeholder in `--help` (`URL`); nil for a flag that takes none.
  var value: String? = nil
  /// The line `--help` gives it.
  var help: String { helpText() }
  /// Built when `--help`, the man page or a completion asks, not at every start: the table is
  /// read before the first page, and its sentences are most of it.
  private let helpText: @Sendable () -> String
  var completes: Completes = .nothing
  /// Its key in the config file; nil when the file cannot set it.
  var configKey: String? = nil
  /// Left out of `--help` and the completions (`--pick-preview`, which fzf runs).
  var hidden = false
  /// Applies it; an action other than browsing (`--help`) ends the parse.
  var apply: @Sendable (inout Options, inout Values) throws(Options.UsageError) -> Options.Action?

  init(
    flags: [String], value: String? = nil, help: @autoclosure @escaping @Sendable () -> String,
    completes: Completes = .nothing, configKey: String? = nil, hidden: Bool = false,
    apply:
      @escaping @Sendable (inout Options, inout Values) throws(Options.UsageError) -> Options
      .Action?
  ) {
    self.flags = flags
    self.value = value
    helpText = help
    self.completes = completes
    self.configKey = configKey
    self.hidden = hidden
    self.apply = apply
  }

  /// A flag that takes no value and sets something.
  static func toggle(
    _ flag: String, help: @autoclosure @escaping @Sendable () -> String,
    _ set: @escaping @Sendable (inout Options) -> Void
  ) -> Setting {
    Setting(flags: [flag], help: help()) { options, values throws(Options.UsageError) in
      guard values.inline == nil else {
        throw Options.UsageError(message: "\(flag) takes no value.")
      }
      set(&options)
      return nil
    }
  }

  /// A setting that takes one value and sets something from it.
  static func value(
    _ flag: String, _ placeholder: String, help: @autoclosure @escaping @Sendable () -> String,
    completes: Completes = .nothing,
    configKey: String? = nil,
    _ set:
      @escaping @Sendable (inout Options, String, _ flag: String) throws(Options.UsageError)
      -> Void
  ) -> Setting {
    Setting(
      flags: [flag], value: placeholder, help: help(), completes: completes, configKey: configKey
    ) { options, values throws(Options.UsageError) in
      try set(&options, try values.value(), values.flag)
      return nil
    }
  }

  /// The setting a flag names, in any of its spellings.
  static func flag(_ name: String) -> Setting? {
    all.first { $0.flags.contains(name) }
  }

  /// The setting a config file key names.
  static func configKey(_ key: String) -> Setting? {
    all.first { $0.configKey == key }
  }

  /// The config file's keys, in the table's order.
  static var configKeys: [String] { all.compactMap(\.configKey) }

  /// What `--help` lists: `--api URL`, `-h, --help`.
  var synopsis: String {
    flags.joined(separator: ", ") + (value.map { " " + $0 } ?? "")
  }
}
