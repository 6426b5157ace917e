import MoviesCore

/// The flags and config keys, in the order `--help` lists them.
extension Setting {
  static let all: [Setting] = common + tracks + SourceDefinition.allSettings + closing

  /// The media servers that sort by the date a film was added, as their declarations say:
  /// their product names, joined by "and".
  private static var addedSorters: String {
    SourceDefinition.all.filter { $0.capabilities.orders?.contains("dateaddeddesc") == true }
      .compactMap(\.asksAtStart).joined(separator: " and ")
  }

  /// The flags of every source.
  private static let common: [Setting] = [
    .value(
      "--source", "SOURCE",
      help: SourceDefinition.sourcesHelp,
      completes: .choices(SourceDefinition.all.map(\.name)), configKey: "source"
    ) { options, text, flag throws(Options.UsageError) in
      guard let source = SourceDefinition.named(text.lowercased()) else {
        throw Options.UsageError(
          message: "\(flag) needs \(SourceDefinition.namesInWords).")
      }
      options.source = source.name
    },
    .toggle(
      "--offline",
      help: "browse the offline catalogue, the same as --source offline, even with another "
        + "source or an api in the config file or MOVIES_API"
    ) { $0.source = SourceDefinition.offline.name },
    .value(
      "--api", "URL",
      help: "the server to browse (also MOVIES_API): a Hoppin movies endpoint, or the server "
        + "of --source; without it, the offline catalogue that comes with the program; for "
        + "tmdb, the API base (default https://api.themoviedb.org/3)",
      completes: .url, configKey: "api"
    ) { options, text, flag throws(Options.UsageError) in
      options.apiText = (text, flag)
    },
    .value(
      "--count", "N", help: "movies per page, 1 to 1000 (default 10)",
      configKey: "count"
    ) { options, text, flag throws(Options.UsageError) in
      options.query.pageSize = try Options.pageSize(text, flag: flag)
    },
    .value(
      "--order", "ORDER",
      help: "newest, oldest, rating, title, popular (TMDb) or added (\(addedSorters)), or the "
        + "API's releasedatedesc, releasedateasc, ratingdesc, ratingasc, titleasc, "
        + "popularitydesc, dateaddeddesc; any case, or a unique beginning of one (default: "
        + "oldest; popular on TMDb, added on \(addedSorters))",
      completes: .choices(OrderName.words), configKey: "order"
    ) { options, text, flag throws(Options.UsageError) in
      options.query.order = try Options.order(text, flag: flag, source: options.source)
      options.orderGiven = true
    },
    .value(
      "--genre", "NAME|ID",
      help: "only this genre, by name, its beginning or id (the offline catalogue: 1 Action, "
        + "2 Animation, 3 Comedy, 4 Drama, 5 Documentary, 6 Romance, 7 Short); an unknown "
        + "one is refused",
      configKey: "genre"
    ) { options, text, flag throws(Options.UsageError) in
      options.query.genreID = text
    },
    .toggle(
      "--series",
      help: "start with the source's TV series instead of its films, where it has them (TMDb, "
        + "the media servers)"
    ) { $0.query.listing = .titles(.series) },
    Setting(
      flags: [], help: "films (the default) or series, as --series", configKey: "kind"
    ) { options, values throws(Options.UsageError) in
      switch try values.value().lowercased() {
      case "film", "films", "movies": options.query.listing = .titles(.film)
      case "series", "tv": options.query.listing = .titles(.series)
      default: throw Options.UsageError(message: "\(values.flag) needs films or series.")
      }
      return nil
    },
    .value(
      "--download-dir", "DIR",
      help: "where 'thumb N' saves images (default ./thumbnails)", completes: .folder,
      configKey: "download-dir"
    ) { options, text, flag throws(Options.UsageError) in
      options.downloadFolder = try Options.folder(text, for: flag)
    },
    .value(
      "--cache-dir", "DIR",
      help: "where downloaded images are cached (default $XDG_CACHE_HOME/movies, else "
        + "~/.cache/movies)",
      completes: .folder, configKey: "cache-dir"
    ) { options, text, flag throws(Options.UsageError) in
      options.cacheFolder = try Options.folder(text, for: flag)
    },
    .value(
      "--retries", "N",
      help: "retries of a failed request that may succeed later, 0 to 10 (default 2: three "
        + "attempts in all)",
      configKey: "retries"
    ) { options, text, flag throws(Options.UsageError) in
      options.retries = try Options.retries(text, flag: flag)
    },
    .value(
      "--timeout", "SECONDS",
      help: "the longest one request may take, as a whole (default 15)", configKey: "timeout"
    ) { options, text, flag throws(Options.UsageError) in
      options.timeout = try Options.timeout(text, flag: flag)
    },
    .toggle(
      "--no-prefetch", help: "fetch a page only when 'more' asks for it, not one page ahead"
    ) { $0.noPrefetch = true },
    Setting(
      flags: [], help: "on (the default) or off, as --no-prefetch", configKey: "prefetch"
    ) { options, values throws(Options.UsageError) in
      switch try values.value().lowercased() {
      case "on", "yes", "true": options.noPrefetch = false
      case "off", "no", "false": options.noPrefetch = true
      default: throw Options.UsageError(message: "\(values.flag) needs on or off.")
      }
      return nil
    },
    Setting(
      flags: ["--preview"], value: "MODE",
      help: "draw posters under 'thumb N' as symbols (the default at a terminal), kitty, "
        + "iterm, sixel, or auto (asks the terminal which it draws: kitty, sixel, iterm, "
        + "else symbols); also in scripts; in the config file, off draws none",
      completes: .choices(PreviewMode.allCases.map(\.rawValue)), configKey: "preview"
    ) { options, values throws(Options.UsageError) in
      let mode = try values.value()
      if values.fromConfig, mode.lowercased() == "off" {
        options.noPreview = true
      } else {
        options.previewMode = try Options.previewMode(
          mode, flag: values.flag, orOff: values.fromConfig)
      }
      return nil
    },
    .toggle("--no-preview", help: "never draw posters") { $0.noPreview = true },
    .value(
      "--color", "WHEN",
      help: "auto (default: colour on a terminal, unless NO_COLOR is set or TERM=dumb), "
        + "always or never",
      completes: .choices(ColorMode.allCases.map(\.rawValue)), configKey: "color"
    ) { options, text, flag throws(Options.UsageError) in
      guard let color = ColorMode(rawValue: text) else {
        throw Options.UsageError(message: "\(flag) needs auto, always or never.")
      }
      options.color = color
    },
    .toggle("--no-color", help: "no colour, the same as --color never") { $0.color = .never },
    .toggle("--no-config", help: "read no config file") { _ in },
    .value(
      "--config", "FILE",
      help: "read this config file instead of ~/.config/movies/config", completes: .file
    ) { _, _, _ throws(Options.UsageError) in
      // Read before the flags (``ConfigFile/load(arguments:environment:)``); here only its
      // value is taken.
    },
    .toggle("--json", help: "print one JSON object per line for every command") {
      $0.json = true
    },
    .toggle("--no-pager", help: "never show 'list' through $PAGER") { $0.noPager = true },
    .toggle(
      "--resume",
      help: "reopen the source, genre, order and page size saved when the prompt was last "
        + "left, with as many rows loaded"
    ) { $0.resume = true },
    .value(
      "-c", "COMMAND",
      help: "run COMMAND instead of reading input; repeatable; the first page is loaded but "
        + "not printed",
      completes: .command
    ) { options, text, flag throws(Options.UsageError) in
      options.commands.append(text)
    },
    .value(
      "-f", "FILE",
      help: "read the commands from FILE, as from standard input; lines starting with # "
        + "are comments",
      completes: .file
    ) { options, text, flag throws(Options.UsageError) in
      guard !text.isEmpty else { throw Options.UsageError(message: "\(flag) needs a file.") }
      options.scriptFile = text
    },
    .toggle(
      "--stop-on-error",
      help: "in a script, stop at the first command that fails (by default the rest still "
        + "run; the exit status is 1 either way)"
    ) { $0.stopOnError = true },
    Setting(
      flags: [], help: "the program long output goes through, instead of $PAGER",
      configKey: "pager"
    ) { options, values throws(Options.UsageError) in
      options.pager = try values.value()
      return nil
    },
  ]

  /// After the sources' own settings: help, the version, and the hidden ones.
  private static let closing: [Setting] = [
    Setting(flags: ["-h", "--help"], help: "show this help") { _, _ in .help },
    Setting(flags: ["--version"], help: "show the version") { _, _ in .version },
    // Hidden, as rg's: a packager's flag, not a user's (scripts/generate runs it).
    Setting(
      flags: ["--generate"], value: "man|bash|zsh|fish",
      help: "print the man page or a shell's completion", hidden: true
    ) { _, values throws(Options.UsageError) in
      guard let document = GeneratedDocument(rawValue: try values.value()) else {
        throw Options.UsageError(message: "\(values.flag) needs man, bash, zsh or fish.")
      }
      return .generate(document)
    },
    Setting(
      flags: ["--pick-preview"], value: "FILE ROW", help: "pick's preview pane, run by fzf",
      hidden: true
    ) { _, values throws(Options.UsageError) in
      let file = try values.value()
      guard let row = values.remaining.popFirst().flatMap({ Int($0) }) else {
        throw Options.UsageError(message: "\(values.flag) needs a file and a row number.")
      }
      return .pickPreview(file: file, row: row)
    },
  ]
}
