/// A variable the program reads, declared once for `--help`'s list and the man page.
struct EnvironmentVariable {
  var name: String
  /// The note `--help` gives it in parentheses, if any.
  var note: String? = nil
  /// What it does, for the man page: one or two sentences.
  var meaning: String

  /// Every variable read, in `--help`'s order; the sources' secrets after `MOVIES_API`.
  static var all: [EnvironmentVariable] {
    [EnvironmentVariable(name: "MOVIES_API", meaning: "The endpoint, when --api is not given.")]
      + Generated.sources.flatMap { source in
        source.secrets.map {
          EnvironmentVariable(
            name: $0.variable,
            meaning: "For --source \(source.name): \($0.help), sent as \($0.sentAs) (or config "
              + "\($0.configKey)).")
        }
      } + general
  }

  private static let general: [EnvironmentVariable] = [
    EnvironmentVariable(
      name: "MOVIES_HISTFILE", note: "/dev/null: no history",
      meaning: "The history file; /dev/null turns history off."),
    EnvironmentVariable(
      name: "MOVIES_DB", note: "the watchlist file; /dev/null: none",
      meaning: "The watchlist and saved-session file; /dev/null turns them off."),
    EnvironmentVariable(
      name: "PAGER", note: "default less -RFX",
      meaning: "The pager for long output (default less -RFX); with LESS unset it gets "
        + "LESS=FRX, as git gives it. A pager that cannot start is reported and the output "
        + "printed."),
    EnvironmentVariable(
      name: "NO_COLOR", meaning: "When set and not empty, no colour (unless --color always)."),
    EnvironmentVariable(name: "TERM", meaning: "dumb means no colour."),
    EnvironmentVariable(name: "COLUMNS", meaning: "The table width, instead of the terminal's."),
    EnvironmentVariable(
      name: "LINES",
      meaning: "The terminal height the pager decision uses, instead of the "
        + "terminal's."),
    EnvironmentVariable(
      name: "LC_ALL",
      meaning: "The first of LC_ALL, LC_CTYPE and LANG that is set says whether "
        + "the terminal takes UTF-8; if not, the program's own marks are ASCII."),
    EnvironmentVariable(name: "LC_CTYPE", meaning: "See LC_ALL."),
    EnvironmentVariable(name: "LANG", meaning: "See LC_ALL."),
    EnvironmentVariable(
      name: "XDG_STATE_HOME",
      meaning:
        "The history goes in $XDG_STATE_HOME/movies/history, mpv's messages in "
        + "$XDG_STATE_HOME/movies/mpv.log and a Jellyfin sign-in in $XDG_STATE_HOME/movies/sign-in."
    ),
    EnvironmentVariable(
      name: "XDG_CACHE_HOME", meaning: "The image cache goes in $XDG_CACHE_HOME/movies."),
    EnvironmentVariable(
      name: "XDG_CONFIG_HOME", meaning: "The config file is $XDG_CONFIG_HOME/movies/config."),
    EnvironmentVariable(
      name: "XDG_DATA_HOME",
      meaning: "The watchlist goes in $XDG_DATA_HOME/movies/movies.sqlite3."),
    EnvironmentVariable(
      name: "HOME",
      meaning: "For the default history, cache, config and watchlist folders "
        + "($HOME, not the account's home)."),
  ]

  /// `--help`'s sentence: the names, some with a note.
  static var helpList: String {
    "Environment: "
      + all.map { variable in variable.name + (variable.note.map { " (\($0))" } ?? "") }
      .joined(separator: ", ") + "."
  }
}
