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
  }

  /// A command line that cannot be used; exit status 2.
  struct UsageError: Error {
    var message: String
  }

  static let version = "0.1.0"

  var api: URL?
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
  /// `--no-color` or `--color never`.
  var noColor: Bool { color == .never }
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
  /// The config file's `pager`, used instead of `$PAGER`.
  var pager: String?

  /// The config file first, then `MOVIES_API`, then the flags: each wins over the one before.
  static func parse(
    _ arguments: [String], environment: [String: String], config: ConfigFile? = nil
  ) throws(UsageError) -> Action {
    var options = Options()
    for entry in config?.entries ?? [] {
      switch entry.key {
      case "pager": options.pager = entry.value
      case "preview" where entry.value.lowercased() == "off": options.noPreview = true
      default:
        do {
          if case .browse(let parsed) = try parse(["--\(entry.key)", entry.value], into: options) {
            options = parsed
          }
        } catch {
          throw UsageError(
            message: "\(config?.path ?? "config"), line \(entry.line): \(error.message)")
        }
      }
    }
    if let api = environment["MOVIES_API"], !api.isEmpty {
      options.api = try apiURL(api, from: "MOVIES_API")
    }
    return try parse(arguments, into: options)
  }

  private static func parse(_ arguments: [String], into start: Options) throws(UsageError)
    -> Action
  {
    var options = start
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      func value() throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = remaining.popFirst() else {
          throw UsageError(message: "\(name) needs a value.")
        }
        return next
      }
      switch name {
      case "-h", "--help": return .help
      case "--version": return .version
      case "--pick-preview":
        let file = try value()
        guard let row = remaining.popFirst().flatMap({ Int($0) }) else {
          throw UsageError(message: "--pick-preview needs a file and a row number.")
        }
        return .pickPreview(file: file, row: row)
      case "--api": options.api = try apiURL(try value(), from: "--api")
      case "--count": options.query.pageSize = try pageSize(try value())
      case "--order": options.query.order = try order(try value())
      case "--genre": options.query.genreID = try value()
      case "--download-dir": options.downloadFolder = try folder(try value(), for: "--download-dir")
      case "--cache-dir": options.cacheFolder = try folder(try value(), for: "--cache-dir")
      case "--no-color":
        guard inlineValue == nil else { throw UsageError(message: "--no-color takes no value.") }
        options.color = .never
      case "--preview": options.previewMode = try previewMode(try value())
      case "--no-preview":
        guard inlineValue == nil else { throw UsageError(message: "--no-preview takes no value.") }
        options.noPreview = true
      case "--no-prefetch":
        guard inlineValue == nil else { throw UsageError(message: "--no-prefetch takes no value.") }
        options.noPrefetch = true
      case "--color":
        let mode = try value()
        guard let color = ColorMode(rawValue: mode) else {
          throw UsageError(message: "--color needs auto, always or never.")
        }
        options.color = color
      case "--json":
        guard inlineValue == nil else { throw UsageError(message: "--json takes no value.") }
        options.json = true
      case "--no-pager":
        guard inlineValue == nil else { throw UsageError(message: "--no-pager takes no value.") }
        options.noPager = true
      case "--resume":
        guard inlineValue == nil else { throw UsageError(message: "--resume takes no value.") }
        options.resume = true
      case "-c": options.commands.append(try value())
      case "-f":
        let file = try value()
        guard !file.isEmpty else { throw UsageError(message: "-f needs a file.") }
        options.scriptFile = file
      case "--stop-on-error":
        guard inlineValue == nil else {
          throw UsageError(message: "--stop-on-error takes no value.")
        }
        options.stopOnError = true
      case "--retries": options.retries = try retries(try value())
      case "--timeout": options.timeout = try timeout(try value())
      default:
        throw UsageError(message: "Unknown option '\(TerminalText.escape(argument))'.")
      }
    }
    return .browse(options)
  }

  private static func apiURL(_ text: String, from source: String) throws(UsageError) -> URL {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host != nil
    else {
      throw UsageError(
        message:
          "\(source) needs an http or https URL, such as http://127.0.0.1:8080/hoppin/movies.")
    }
    return url
  }

  private static func pageSize(_ text: String) throws(UsageError) -> Int {
    guard let count = Int(text), (1...1_000).contains(count) else {
      throw UsageError(message: "--count needs a whole number from 1 to 1000.")
    }
    return count
  }

  private static func retries(_ text: String) throws(UsageError) -> Int {
    guard let retries = Int(text), (0...10).contains(retries) else {
      throw UsageError(message: "--retries needs a whole number from 0 to 10.")
    }
    return retries
  }

  private static func timeout(_ text: String) throws(UsageError) -> Double {
    guard let seconds = Double(text), seconds.isFinite, (0.1...3_600).contains(seconds) else {
      throw UsageError(message: "--timeout needs a number of seconds from 0.1 to 3600, such as 15.")
    }
    return seconds
  }

  /// An order name in any case, an alias (`rating`) or a unique prefix, as `order` takes.
  private static func order(_ text: String) throws(UsageError) -> String {
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
      throw UsageError(message: "--order needs a word such as rating or releasedateasc.")
    }
    switch OrderName.resolve(text) {
    case .success(let order): return order
    case .failure(let problem):
      throw UsageError(message: "--order: " + OrderName.message(text, problem))
    }
  }

  private static func previewMode(_ text: String) throws(UsageError) -> PreviewMode {
    guard let mode = PreviewMode(rawValue: text.lowercased()) else {
      let modes = PreviewMode.allCases.map(\.rawValue).joined(separator: ", ")
      throw UsageError(message: "--preview needs one of \(modes).")
    }
    return mode
  }

  private static func folder(_ text: String, for option: String) throws(UsageError) -> String {
    guard !text.isEmpty else { throw UsageError(message: "\(option) needs a folder.") }
    return text
  }

  static let helpText = """
    movies: browse a movie catalogue from the terminal.

    Usage: movies [options]

    With no --api, browses the offline catalogue that comes with the program.
    Commands are read from the prompt, from -c, or one per line from standard input.

    Options:
      --api URL            the Hoppin movies endpoint to browse (also MOVIES_API)
      --count N            movies per page, 1 to 1000 (default 10)
      --order ORDER        releasedateasc (default), releasedatedesc, ratingdesc,
                           ratingasc or titleasc; or newest, oldest, rating, title;
                           any case, or a unique beginning of one
      --genre NAME|ID      only this genre, by name or id (the offline catalogue:
                           1 Action, 2 Animation, 3 Comedy, 4 Drama, 5 Documentary,
                           6 Romance, 7 Short); an unknown one is refused
      --download-dir DIR   where 'thumb N' saves images (default ./thumbnails)
      --cache-dir DIR      where downloaded images are cached
                           (default $XDG_CACHE_HOME/movies, else ~/.cache/movies)
      --retries N          retries of a failed request that may succeed later, 0 to 10
                           (default 2: three attempts in all)
      --timeout SECONDS    the longest one request may take, as a whole (default 15)
      --no-prefetch        fetch a page only when 'more' asks for it, not one page ahead
      --preview MODE       draw posters under 'thumb N' as symbols (the default at a
                           terminal), kitty, iterm, sixel, or auto (a graphics protocol
                           only where the terminal is known to have it); also in scripts
      --no-preview         never draw posters
      --color WHEN         auto (default: colour on a terminal, unless NO_COLOR is set
                           or TERM=dumb), always or never
      --no-color           no colour, the same as --color never
      --json               print one JSON object per line for every command
      --no-pager           never show 'list' through $PAGER
      --resume             reopen the source, genre, order and page size saved when the
                           prompt was last left, with as many rows loaded
      -c COMMAND           run COMMAND instead of reading input; repeatable; the
                           first page is loaded but not printed
      -f FILE              read the commands from FILE, as from standard input;
                           lines starting with # are comments
      --stop-on-error      in a script, stop at the first command that fails
                           (by default the rest still run; the status is 1 either way)
      -h, --help           show this help
      --version            show the version

    Commands:
      more         load and show the next page, 'more N' the next N pages
      skip         move past a page that could not be read, its rows missing
      list         show every loaded movie again, through $PAGER when it is long
      show N       show every field of row N
      thumb N      download the thumbnail of row N
      thumb N-M    download rows N to M at once ('thumb all': every loaded row)
      genre G      restart the list with genre G, a name or an id ('genre all')
      order O      restart the list in order O (rating, newest, oldest, title, ...)
      genres       list the genres
      find TEXT    search every movie's title for all the words of TEXT, loading
                   the rest of the list; filters genre:WORD, year:1970-1979, rating:>8
      pick [TEXT]  choose a loaded row in fzf, with a preview; Enter shows it
      open N       open the link of row N with xdg-open, or print it
      watch N      put row N on the watchlist (kept across runs)
      unwatch N    take row N off the watchlist ('unwatch wN': entry N)
      watchlist    list the watchlist, newest first, as w1, w2, ...; 'show wN',
                   'thumb wN' and 'open wN' work on its entries
      resume       reopen the query saved when the prompt was last left
      help         list the commands; 'help CMD' explains one (also ?, \\?)
      quit         leave (also exit, q, \\q, or Ctrl-D)

    Environment: MOVIES_API, MOVIES_HISTFILE (/dev/null: no history), MOVIES_DB (the
    watchlist file; /dev/null: none), PAGER (default less -RFX), NO_COLOR, TERM,
    COLUMNS, LINES, LC_ALL, LC_CTYPE, LANG, XDG_STATE_HOME, XDG_CACHE_HOME,
    XDG_CONFIG_HOME, XDG_DATA_HOME, HOME.

    Config file: $XDG_CONFIG_HOME/movies/config, else ~/.config/movies/config:
    'key = value' lines for api, count, order, genre, pager and preview (a mode,
    or off). MOVIES_API and flags win over it.

    Exit status: 0 when every command succeeded, 1 when one failed, 2 for a usage error.

    """
}

/// `--color`: when to use colour.
enum ColorMode: String {
  /// On a terminal, unless `NO_COLOR` is set or `TERM=dumb`.
  case auto
  case always
  case never
}
