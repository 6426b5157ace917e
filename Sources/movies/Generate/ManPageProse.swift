/// The man page's prose: what no table holds. Plain text; ``ManPage`` escapes it.
enum ManPageProse {
  static let description = """
    movies pages through a movie source (see SOURCES) in a REPL with line editing, \
    persistent history, completion and a prompt that shows how much is loaded.
    Commands are read from the prompt, from -c, or one per line from standard input (script \
    mode: no prompt, no colour, errors on standard error).
    Secrets come from the environment or the config file, never from the command line.
    """

  static let commandsAfterword = """
    A mistyped command name gets a suggestion (shwo: did you mean show?). Row commands take \
    wN for watchlist entry N after watchlist, and fN for match N of a server search.
    """

  static let configuration = """
    $XDG_CONFIG_HOME/movies/config, else ~/.config/movies/config: one key = value a line \
    (# starts a comment). The environment and flags win over it; --offline, --no-config and \
    --config FILE get past it for one run. A bad line is a usage error naming the file, the \
    line and the key. A file that holds a secret should be readable by its owner only \
    (chmod 600). The keys:
    """

  static let keys = """
    Emacs-style editing; ~/.editrc holds libedit key bindings.
    Tab completes command names, row numbers, genre names for genre and orders for order.
    Ctrl-C drops the line, or cancels a load; Ctrl-D on an empty line leaves.
    Ctrl-Z stops the program as a shell job; after fg the prompt and the typed line are \
    drawn again.
    """

  static let exitStatus = """
    0 when every command succeeded, 1 when one failed, 2 for a usage error (a wrong command \
    line, before any command runs); a source that cannot be opened gives 1.
    """

  static let examples = [
    "movies --order rating",
    "movies --json -c 'show 3' | jq .movie.title",
    "printf 'genre Drama\\nfind city\\n' | movies",
    "TMDB_API_KEY=... movies --source tmdb -c 'find alien'",
    "movies -c 'watch 3' && movies --json -c watchlist | jq '.entries[].title'",
    "movies --resume",
  ]

  /// A file the program reads or writes, and what it holds.
  struct File {
    var path: String
    var meaning: String
  }

  static let files = [
    File(
      path: "~/.config/movies/config",
      meaning: "The config file ($XDG_CONFIG_HOME/movies/config when that is set)."),
    File(
      path: "~/.local/state/movies/history",
      meaning: "The prompt's history ($XDG_STATE_HOME/movies/history, or MOVIES_HISTFILE), "
        + "mode 0600."),
    File(
      path: "~/.local/state/movies/sign-in/",
      meaning: "The tokens --sign-in keeps, a file per Jellyfin server "
        + "($XDG_STATE_HOME/movies/sign-in/), mode 0600 in a folder of mode 0700; --sign-out "
        + "removes one."),
    File(
      path: "~/.local/share/movies/movies.sqlite3",
      meaning: "The watchlist and the sessions saved on leaving the prompt "
        + "($XDG_DATA_HOME/movies/movies.sqlite3, or MOVIES_DB), SQLite, mode 0600. A file "
        + "that is damaged or another program's is reported and never changed."),
    File(
      path: "~/.cache/movies/thumbnails/",
      meaning: "The image cache ($XDG_CACHE_HOME/movies/thumbnails/ when that is set, or "
        + "thumbnails/ in --cache-dir)."),
    File(path: "./thumbnails/", meaning: "Where thumb N saves images (or --download-dir)."),
    File(
      path: "$TMPDIR/movies-pick-PID-UUID/",
      meaning: "The rows in view while pick's fzf is open (mode 0700); removed after."),
    File(path: "PREFIX/share/movies/sample-data/", meaning: "The offline catalogue."),
  ]
}
