import MoviesCore

/// `--help`: its option and command lists come from the declarations, so they cannot leave
/// a flag, a config key or a command out.
extension Options {
  /// The text, laid out for `width` columns.
  static func helpText(width: Int) -> String {
    func paragraph(_ text: String) -> String { TextWrap.wrap(text, toColumns: width) + "\n" }
    let options = Setting.all.filter { !$0.flags.isEmpty && !$0.hidden }
      .map { ($0.synopsis, $0.help) }
    return paragraph("movies: browse a movie catalogue from the terminal.") + "\n"
      + "Usage: movies [options]\n\n"
      + paragraph(
        "With no --api, browses the offline catalogue that comes with the program. Commands "
          + "are read from the prompt, from -c, or one per line from standard input.") + "\n"
      + "Options:\n" + HelpText.columns(options, width: width) + "\n"
      + "Commands:\n" + HelpText.commands(moreRemains: true, orders: OrderName.words, width: width)
      + "\n"
      + paragraph(EnvironmentVariable.helpList) + "\n"
      + paragraph(
        "Config file: $XDG_CONFIG_HOME/movies/config, else ~/.config/movies/config, one "
          + "setting a line, such as count = 20. The settings: "
          + Setting.configKeys.joined(separator: ", ")
          + " (preview also takes off; keep a file with a secret private: chmod 600). "
          + "The environment and flags win over it.") + "\n"
      + paragraph(
        "Exit status: 0 when every command succeeded, 1 when one failed, 2 for a usage error.")
  }
}
