import MoviesCore

/// `movies --generate man`: the man page, its lists built from the flag, command and source
/// tables and the environment list; only the prose around them is written here.
enum ManPage {
  static var text: String {
    [
      ".TH MOVIES 1 \"\" \"movies \(Options.version)\" \"User Commands\"",
      ".SH NAME\nmovies \\- browse a movie catalogue from the terminal",
      ".SH SYNOPSIS\n.B movies\n[\\fIoptions\\fR]",
      ".SH DESCRIPTION\n" + Roff.escape(ManPageProse.description),
      ".SH SOURCES\n" + sources, ".SH OPTIONS\n" + options, ".SH COMMANDS\n" + commands,
      ".SH CONFIGURATION\n" + configuration, ".SH KEYS\n" + Roff.escape(ManPageProse.keys),
      ".SH ENVIRONMENT\n" + environment, ".SH FILES\n" + files,
      ".SH EXIT STATUS\n" + Roff.escape(ManPageProse.exitStatus),
      ".SH EXAMPLES\n.nf\n" + Roff.escape(ManPageProse.examples.joined(separator: "\n")) + "\n.fi",
      ".SH SEE ALSO\n.BR fzf (1),\n.BR mpv (1),\n.BR less (1)",
    ].map { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 }.joined(separator: "\n") + "\n"
  }

  /// Each source: what it is, its address, its orders and the secrets it reads.
  private static var sources: String {
    Generated.sources.map { source in
      var lines = [Roff.sentence(source.summary)]
      if !source.exampleAddress.isEmpty {
        let kind = source.usualAddress == nil ? "For example" : "By default"
        lines.append("\(kind) \(Roff.bold("--api")) \(Roff.italic(source.exampleAddress)).")
      }
      lines.append("Orders: " + orders(of: source).map(Roff.bold).joined(separator: ", ") + ".")
      lines += source.secrets.map { secret in
        Roff.bold(secret.variable) + " or config " + Roff.bold(secret.configKey) + ": "
          + Roff.escape(secret.help) + ", sent as " + Roff.escape(secret.sentAs) + "."
      }
      return Roff.entry(Roff.bold(source.name), lines.joined(separator: "\n.br\n"))
    }.joined()
  }

  /// The orders a source sorts by, as the prompt names them, its default first; a source
  /// that declares none takes the Hoppin API's.
  private static func orders(of source: SourceDefinition) -> [String] {
    let orders = source.capabilities.orders ?? MovieQuery.orders
    let first = source.capabilities.defaultOrder
    var names: [String] = []
    for order in [first] + orders.filter({ $0 != first }) {
      let name = OrderName.shortName(order)
      if !names.contains(name) { names.append(name) }
    }
    return names
  }

  /// Every flag `--help` lists, with its line from the table.
  private static var options: String {
    Generated.flags.map { setting in
      let term =
        setting.flags.map(Roff.bold).joined(separator: ", ")
        + (setting.value.map { " " + Roff.italic($0) } ?? "")
      return Roff.entry(term, Roff.sentence(setting.help))
    }.joined() + ".PP\nOptions also take the \\fB\\-\\-option=value\\fR form.\n"
  }

  /// Every command `help` lists: its forms, what it does (its other names included) and
  /// examples.
  private static var commands: String {
    CommandSpec.all.map { spec in
      let examples = spec.examples.map(Roff.bold).joined(separator: ", ")
      return Roff.entry(
        Roff.bold(spec.usage),
        Roff.sentence(spec.summary(offering: OrderName.names(in: OrderName.words)))
          + "\n.br\nExample\(spec.examples.count > 1 ? "s" : ""): "
          + examples + ".")
    }.joined() + ".PP\n" + Roff.escape(ManPageProse.commandsAfterword) + "\n"
  }

  /// The config file's keys: a flag's key is the flag, the others say what they are.
  private static var configuration: String {
    Roff.escape(ManPageProse.configuration) + "\n"
      + Setting.all.filter { $0.configKey != nil }.map { setting in
        let key = Roff.bold(setting.configKey ?? "")
        guard let flag = setting.flags.first else {
          return Roff.entry(key, Roff.sentence(setting.help))
        }
        return Roff.entry(key, "As " + Roff.bold(flag) + ".")
      }.joined()
  }

  private static var environment: String {
    EnvironmentVariable.all.map { Roff.entry(Roff.bold($0.name), Roff.escape($0.meaning)) }
      .joined()
  }

  private static var files: String {
    ManPageProse.files.map { Roff.entry(Roff.italic($0.path), Roff.escape($0.meaning)) }
      .joined()
  }
}
