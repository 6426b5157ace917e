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
      parse: { arguments throws(Command.ParseError) in try Command.more(arguments) },
      run: { command, context in
        guard case .morePages(let count) = command else { return try await context.more() }
        return try await context.loadPages(count)
      }),
    .plain(
      .skip, summary: "move past a page that could not be read, its rows counted as missing",
      isRare: true, run: { _, context in try await context.skip() }),
    .plain(
      .list, summary: "show every loaded movie again, through $PAGER when it is long",
      pages: true, run: { _, context in await context.list() }),
    .onRow(
      .show, summary: "show every field of row N, of watchlist entry wN or of match fN",
      // A source's details can take seconds, under the fields the row already has.
      loads: "the details of"),
    CommandSpec(
      name: "thumb", synopsis: "thumb N-M",
      usage: "thumb N, thumb N-M, thumb all, thumb wN, thumb fN",
      summary: "save the thumbnail of row N, of rows N to M or of every row in view (the "
        + "table, watchlist or matches last shown) into the download folder",
      examples: ["thumb 3", "thumb 1-5", "thumb all"], takes: "one row number or range",
      hint: "N (a row number)", completes: .rowsOrEntries,
      loading: loadingRow(.thumb, "the thumbnail of"),
      parse: { arguments throws(Command.ParseError) in try Command.thumb(arguments) },
      run: { command, context in try await context.act(command) }),
    CommandSpec(
      name: "genre", synopsis: "genre G", usage: "genre NAME|ID|all",
      summary: "restart the list with one genre, by name or id ('genre all': every genre); "
        + "it leaves a view of find's filters",
      examples: ["genre drama", "genre all"], takes: "a genre name or id",
      hint: "NAME|ID|all", completes: .genres, pages: true,
      loading: { command, _ in
        guard case .genre(let genre) = command else { return nil }
        return "Loading genre \(TerminalText.escape(genre))…"
      },
      parse: { arguments throws(Command.ParseError) in
        .genre(try arguments.text(example: "Drama"))
      },
      run: { command, context in
        guard case .genre(let genre) = command else { throw Command.ParseError.unknown("genre") }
        return try await context.genre(genre)
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
      parse: { arguments throws(Command.ParseError) in try Command.order(arguments) },
      run: { command, context in
        guard case .order(let order) = command else { throw Command.ParseError.unknown("order") }
        return try await context.order(order)
      }),
    .plain(
      .genres, summary: "list the genres", loading: "Loading the genres…",
      run: { _, context in try await context.genres() }),
    CommandSpec(
      name: "find", synopsis: "find TEXT",
      usage:
        "find WORDS [genre:G] [year:Y or Y-Y] [rating:>R] [votes:>N] [runtime:<M] [seen:no] "
        + "[on:NAME]",
      summary: "search every movie of the list, loading the rest, for titles with all the "
        + "words; the filters narrow it (TMDb and the media servers search and filter on the "
        + "server: their matches are f1, f2, …, for 'show fN' and the other row commands; "
        + "filters alone make the list a view of them, a page at a time, which 'genre all' "
        + "leaves; seen: (or played:) needs a media server's library or the diary 'seen N' "
        + "keeps; on:NAME needs TMDb)",
      examples: [
        "find godfather", "find star wars year:1977-1983", "find genre:drama rating:>8",
        "find on:netflix year:2020- rating:>7",
      ],
      takes: "some words or filters",
      hint: "WORDS genre:G year:Y-Y rating:>R votes:>N runtime:<M seen:no on:NAME",
      parse: { arguments throws(Command.ParseError) in
        .find(Command.unquoted(try arguments.text(example: "godfather")))
      },
      run: { command, context in
        guard case .find(let text) = command else { throw Command.ParseError.unknown("find") }
        return try await context.find(text)
      }),
    CommandSpec(
      name: "pick", synopsis: "pick [TEXT]", usage: "pick [TEXT]",
      summary: "choose a loaded row in fzf, with a preview; Enter shows it",
      examples: ["pick", "pick godfather"], takes: "some text to start the search with",
      hint: "[TEXT]",
      parse: { arguments throws(Command.ParseError) in
        .pick(arguments.words.joined(separator: " "))
      },
      // Only the shell's prompt has a picker, and runs `pick` itself.
      run: { _, _ in throw CommandError.noPicker }),
    .onRow(.open, summary: "open the link of row N with xdg-open, or print it"),
    .play, .tracks,
    .onRow(
      .trailer,
      summary: "play row N's trailer in mpv (YouTube through yt-dlp), or print its link",
      loads: "the trailer of"),
    .onRow(
      .similar,
      summary: "list films like row N, as matches f1, f2, …, where the source knows them",
      loads: "films like"),
    .onRow(
      .watch, summary: "put row N's movie, or rows N to M's, on the watchlist, kept across runs",
      ranges: .watch),
    .onRow(
      .unwatch, summary: "take row N's movie, or watchlist entry wN, off the watchlist",
      ranges: .unwatch),
    .onRow(
      .seen,
      summary: "mark row N's film, or rows N to M's, as seen: a media server is told; other "
        + "sources keep it, dated, in the watchlist file's diary",
      ranges: .seen),
    .onRow(
      .unseen, summary: "mark row N's film, or rows N to M's, as not seen", ranges: .unseen),
    .plain(
      .watchlist,
      summary: "list the watchlist, newest first, as w1, w2, …; every row command works on "
        + "its entries ('show w1', 'play w2')",
      run: { _, context in try await context.watchlist() }),
    .plain(
      .continueWatching,
      summary: "restart the list with the films you stopped part way, most recent first "
        + "(on a media server that knows what you have seen)",
      pages: true, loading: "Loading the films to continue…",
      run: { _, context in try await context.continueWatching() }),
    .plain(
      .declared("series", words: []),
      summary: "restart the list with the source's TV series, where it has them; 'films' "
        + "goes back to films",
      pages: true, loading: "Loading the series…",
      run: { _, context in try await context.browse(.series) }),
    .plain(
      .declared("films", words: []), summary: "restart the list with the source's films",
      pages: true, loading: "Loading the films…",
      run: { _, context in try await context.browse(.film) }),
    CommandSpec(
      name: "episodes", synopsis: "episodes N", usage: "episodes N [S], episodes wN [S]",
      summary: "list the episodes of row N's series, season S or else the season of its next "
        + "episode; 'back' returns to the list",
      examples: ["episodes 3", "episodes 3 2", "episodes w1"],
      takes: "a row number or watchlist entry, and a season number",
      hint: "N [S] (a row, a season)", completes: .rowsOrEntries, pages: true,
      loading: { command, _ in
        guard case .declared(_, let words) = command, let label = words.first else { return nil }
        return "Loading the episodes of \(label.allSatisfy(\.isNumber) ? "row " : "")"
          + "\(TerminalText.escape(label))…"
      },
      parse: { arguments throws(Command.ParseError) in try Command.episodes(arguments) },
      run: { command, context in
        guard case .declared(_, let words) = command, let first = words.first,
          let label = try? CommandArguments(name: "episodes", words: [first]).label(first)
        else { throw Command.ParseError.missingRow(command: "episodes") }
        return try await context.episodes(
          label, season: words.dropFirst().first.flatMap { Int($0) })
      }),
    .plain(
      .declared("back", words: []),
      summary: "return to the list the episodes were opened from, where it was left",
      run: { _, context in try await context.back() }),
    .plain(
      .declared("next", words: []),
      summary: "play the episode after the last one played in this session",
      run: { _, context in try await context.playNext() }),
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
      },
      run: { command, context in try await context.resume(command) }),
    CommandSpec(
      name: "help", aliases: ["?", "\\?"], synopsis: "help [CMD]", usage: "help [COMMAND]",
      summary: "list the commands, or explain one (also ?, \\?)",
      examples: ["help", "help thumb"], takes: "one command name", hint: "[COMMAND]",
      // Taller than a 24-row terminal at 80 columns.
      completes: .commands, pages: true,
      parse: { arguments throws(Command.ParseError) in try Command.help(arguments) },
      run: { command, context in
        guard case .helpOn(let name) = command else { return await context.help() }
        return try context.help(on: name)
      }),
    // q and \q as psql users type them.
    CommandSpec(
      name: "quit", aliases: ["exit", "q", "\\q"], synopsis: "quit", usage: "quit",
      summary: "leave (also exit, q, \\q, or Ctrl-D)", examples: ["quit"],
      parse: { arguments throws(Command.ParseError) in try arguments.none(.quit) },
      run: { _, _ in Handled(Quit()) }),
  ]

  /// A command that takes no argument.
  static func plain(
    _ command: Command, summary: String, isRare: Bool = false, pages: Bool = false,
    loading label: String? = nil, run: @escaping Handler
  ) -> CommandSpec {
    var loading: (@Sendable (Command, LoadingContext) -> String?)?
    if let label { loading = { _, _ in label } }
    return CommandSpec(
      name: command.name, synopsis: command.name, usage: command.name, summary: summary,
      examples: [command.name], isRare: isRare, pages: pages, loading: loading,
      parse: { arguments throws(Command.ParseError) in try arguments.none(command) }, run: run)
  }

  /// A command on row N of the list, entry wN of the watchlist or match fN of a server
  /// search, and with `ranges` on several of them (`watch 2-5`).
  static func onRow(
    _ action: Command.RowAction, summary: String, ranges: Command.RangeAction? = nil,
    loads what: String? = nil
  ) -> CommandSpec {
    let name = action.rawValue
    return CommandSpec(
      name: name, synopsis: "\(name) N",
      usage: "\(name) N" + (ranges == nil ? "" : ", \(name) N-M") + ", \(name) wN, \(name) fN",
      summary: summary,
      examples: ["\(name) 3"] + (ranges == nil ? [] : ["\(name) 2-5"]) + ["\(name) w1"],
      takes: "one row number" + (ranges == nil ? "" : ", row range")
        + ", watchlist entry or search match",
      hint: "N (a row number)", completes: .rowsOrEntries,
      loading: what.map { loadingRow(action, $0) },
      parse: { arguments throws(Command.ParseError) in
        try arguments.rowCommand(action, ranges: ranges)
      },
      run: { command, context in try await context.act(command) })
  }

  /// The line under a row command's wait, for `what` it loads: "Loading the trailer of
  /// row 3…", "Loading films like w2…".
  static func loadingRow(
    _ action: Command.RowAction, _ what: String
  ) -> @Sendable (Command, LoadingContext) -> String? {
    { command, _ in
      guard case .act(let acted, let label) = command, acted == action else { return nil }
      return "Loading \(what) \(label.kind == .row ? "row " : "")\(label)…"
    }
  }
}
