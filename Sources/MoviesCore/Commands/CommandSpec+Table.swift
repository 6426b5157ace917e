/// The commands, in the order `help` lists them.
extension CommandSpec {
  /// Every command, in the order `help` lists them.
  public static let all: [CommandSpec] = [
    CommandSpec(
      name: "more", synopsis: "more [N]", usage: "more [N]",
      summary: "load and show the next page, or the next N pages",
      examples: ["more", "more 5"], takes: "nothing or a number of pages",
      hint: "[N] (a number of pages)", needsMore: true, pages: true,
      loading: { _, context in
        context.nextPage.map {
          "Loading page \($0) from \(TerminalText.escape(context.sourceName))…"
        }
      },
      parse: { arguments throws(Command.ParseError) in try Command.more(arguments) }),
    .plain(
      .skip, summary: "move past a page that could not be read, its rows counted as missing",
      isRare: true),
    .plain(
      .list, summary: "show every loaded movie again, through $PAGER when it is long",
      pages: true),
    .onRow(
      .show, summary: "show every field of row N, or of watchlist entry N", entry: .show,
      // A source's details can take seconds, under the fields the row already has.
      loading: { command, _ in
        switch command {
        case .show(let row): "Loading the details of row \(row)…"
        case .onWatchlist(.show, let entry): "Loading the details of \(RowLabel(entry, .entry))…"
        case .onMatch(.show, let match): "Loading the details of \(RowLabel(match, .match))…"
        default: nil
        }
      },
      { .show(row: $0) }),
    CommandSpec(
      name: "thumb", synopsis: "thumb N-M",
      usage: "thumb N, thumb N-M, thumb all, thumb wN, thumb fN",
      summary: "save the thumbnail of row N, of rows N to M or of every row in view (the "
        + "table, watchlist or matches last shown) into the download folder",
      examples: ["thumb 3", "thumb 1-5", "thumb all"], takes: "one row number or range",
      hint: "N (a row number)", completes: .rowsOrEntries,
      loading: { command, _ in
        switch command {
        case .thumb(let row): "Loading the thumbnail of row \(row)…"
        case .onWatchlist(.thumb, let entry):
          "Loading the thumbnail of \(RowLabel(entry, .entry))…"
        case .onMatch(.thumb, let match): "Loading the thumbnail of \(RowLabel(match, .match))…"
        default: nil
        }
      },
      parse: { arguments throws(Command.ParseError) in try Command.thumb(arguments) }),
    CommandSpec(
      name: "genre", synopsis: "genre G", usage: "genre NAME|ID|all",
      summary: "restart the list with one genre, by name or id ('genre all': every genre)",
      examples: ["genre drama", "genre all"], takes: "a genre name or id",
      hint: "NAME|ID|all", completes: .genres, pages: true,
      loading: { command, _ in
        guard case .genre(let genre) = command else { return nil }
        return "Loading genre \(TerminalText.escape(genre))…"
      },
      parse: { arguments throws(Command.ParseError) in
        .genre(try arguments.text(example: "Drama"))
      }),
    CommandSpec(
      name: "order", synopsis: "order O", usage: "order ORDER",
      // `help` adds the source's orders (``summary(offering:)``).
      summary: "restart the list in another order",
      examples: ["order rating", "order newest"], takes: "one order",
      // The prompt's hint is the source's orders (``CompletionTable/hint(for:)``).
      completes: .orders, pages: true,
      loading: { command, _ in
        guard case .order(let order) = command else { return nil }
        return "Loading the list in order \(order)…"
      },
      parse: { arguments throws(Command.ParseError) in try Command.order(arguments) }),
    .plain(.genres, summary: "list the genres", loading: "Loading the genres…"),
    CommandSpec(
      name: "find", synopsis: "find TEXT",
      usage: "find WORDS [genre:G] [year:Y or Y-Y] [rating:>R]",
      summary: "search every movie of the list, loading the rest, for titles with all the "
        + "words; the filters narrow it (TMDb and Jellyfin search on the server: their "
        + "matches are f1, f2, …, for 'show fN' and the other row commands)",
      examples: ["find godfather", "find star wars year:1977-1983", "find genre:drama rating:>8"],
      takes: "some words or filters", hint: "WORDS genre:G year:Y-Y rating:>R",
      parse: { arguments throws(Command.ParseError) in
        .find(Command.unquoted(try arguments.text(example: "godfather")))
      }),
    CommandSpec(
      name: "pick", synopsis: "pick [TEXT]", usage: "pick [TEXT]",
      summary: "choose a loaded row in fzf, with a preview; Enter shows it",
      examples: ["pick", "pick godfather"], takes: "some text to start the search with",
      hint: "[TEXT]",
      parse: { arguments throws(Command.ParseError) in
        .pick(arguments.words.joined(separator: " "))
      }),
    .onRow(
      .open, summary: "open the link of row N with xdg-open, or print it", entry: .open,
      { .open(row: $0) }),
    .onRow(.play, summary: "play row N in mpv", { .play(row: $0) }),
    .onRow(
      .trailer,
      summary: "play row N's trailer in mpv (YouTube through yt-dlp), or print its link",
      loading: { command, _ in
        switch command {
        case .trailer(let row): "Loading the trailer of row \(row)…"
        case .onMatch(.trailer, let match): "Loading the trailer of \(RowLabel(match, .match))…"
        default: nil
        }
      },
      { .trailer(row: $0) }),
    .onRow(
      .similar, summary: "list films like row N, as matches f1, f2, …, where the source knows them",
      loading: { command, _ in
        switch command {
        case .similar(let row): "Loading films like row \(row)…"
        case .onMatch(.similar, let match): "Loading films like \(RowLabel(match, .match))…"
        default: nil
        }
      },
      { .similar(row: $0) }),
    .onRow(
      .watch, summary: "put row N's movie on the watchlist, kept across runs",
      { .watch(row: $0) }),
    .onRow(
      .unwatch, summary: "take row N's movie, or watchlist entry N, off the watchlist",
      entry: .unwatch, { .unwatch(row: $0) }),
    .plain(
      .watchlist,
      summary: "list the watchlist, newest first, as w1, w2, …; 'show wN', 'thumb wN' and "
        + "'open wN' work on its entries"),
    CommandSpec(
      name: "resume", synopsis: "resume [N]", usage: "resume, resume N, resume list",
      summary: "reopen the query saved when the prompt was last left, at the same depth; "
        + "'resume list' lists the last \(SavedSession.kept) kept, 'resume N' reopens one",
      examples: ["resume", "resume list", "resume 2"], takes: "'list' or a session's number",
      hint: "[N|list]",
      loading: { command, _ in
        if case .sessions = command { return nil }
        return "Reopening the saved session…"
      },
      parse: { arguments throws(Command.ParseError) in
        if arguments.words.count == 1, arguments.words[0].lowercased() == "list" {
          return .sessions
        }
        return arguments.words.isEmpty ? .resume : .resumeSession(try arguments.row())
      }),
    CommandSpec(
      name: "help", aliases: ["?", "\\?"], synopsis: "help [CMD]", usage: "help [COMMAND]",
      summary: "list the commands, or explain one (also ?, \\?)",
      examples: ["help", "help thumb"], takes: "one command name", hint: "[COMMAND]",
      // Taller than a 24-row terminal at 80 columns.
      completes: .commands, pages: true,
      parse: { arguments throws(Command.ParseError) in try Command.help(arguments) }),
    // q and \q as psql users type them.
    CommandSpec(
      name: "quit", aliases: ["exit", "q", "\\q"], synopsis: "quit", usage: "quit",
      summary: "leave (also exit, q, \\q, or Ctrl-D)", examples: ["quit"],
      parse: { arguments throws(Command.ParseError) in try arguments.none(.quit) }),
  ]

  /// A command that takes no argument.
  static func plain(
    _ command: Command, summary: String, isRare: Bool = false, pages: Bool = false,
    loading label: String? = nil
  ) -> CommandSpec {
    var loading: (@Sendable (Command, LoadingContext) -> String?)?
    if let label { loading = { _, _ in label } }
    return CommandSpec(
      name: command.name, synopsis: command.name, usage: command.name, summary: summary,
      examples: [command.name], isRare: isRare, pages: pages, loading: loading,
      parse: { arguments throws(Command.ParseError) in try arguments.none(command) })
  }

  /// A command on row N of the table on screen or match fN of a server search, and with
  /// `entry` on watchlist entry N too (`show w1`).
  static func onRow(
    _ action: Command.RowAction, summary: String, entry: Command.WatchlistAction? = nil,
    loading: (@Sendable (Command, LoadingContext) -> String?)? = nil,
    _ command: @escaping @Sendable (Int) -> Command
  ) -> CommandSpec {
    let name = action.rawValue
    return CommandSpec(
      name: name, synopsis: "\(name) N",
      usage: "\(name) N" + (entry == nil ? "" : ", \(name) wN") + ", \(name) fN",
      summary: summary, examples: ["\(name) 3"] + (entry == nil ? [] : ["\(name) w1"]),
      takes: "one row number"
        + (entry == nil ? " or search match" : ", watchlist entry or search match"),
      hint: "N (a row number)", completes: entry == nil ? .rows : .rowsOrEntries,
      loading: loading,
      parse: { arguments throws(Command.ParseError) in
        try arguments.row(entry: entry, match: action, row: command)
      })
  }
}
