/// One line typed at the prompt, understood.
public enum Command: Sendable, Hashable {
  case more
  /// Move past a page that could not be read, its rows counted as missing.
  case skip
  /// `more N`: the next N pages at once (N at least 2).
  case morePages(Int)
  case list
  /// `show 3`, `play w2`, `watch f1`: a row command on one row of the list, watchlist entry
  /// or server search's match; every row command takes every kind of label.
  case act(RowAction, RowLabel)
  /// `watch 2-5`, `unwatch w1-w3`: putting several rows, entries or matches on the watchlist
  /// or taking them off.
  case actOnRange(RangeAction, RowLabels)
  /// `play 3 from:start audio:ja sub:off`: `play` on one label, with what it was told.
  case play(RowLabel, PlayChoices)
  /// `thumb N-M` or `thumb all`.
  case thumbs(ThumbRows)
  case help
  /// `help CMD`: one command's usage and an example.
  case helpOn(String)
  case quit
  /// Restart the list with one genre, by id or name; `genre all` drops the filter.
  case genre(String)
  /// Restart the list in another order (the API's `order`).
  case order(String)
  /// List the genres the source knows.
  case genres
  /// Search the whole list: title words and `genre:`, `year:`, `rating:` filters.
  case find(String)
  /// Pick a loaded row in fzf (the executable runs it), starting from the text, if any.
  case pick(String)
  /// List the watchlist, newest first, numbered `w1`, `w2`, …
  case watchlist
  /// `continue`: restart the list with the films stopped part way, most recent first.
  case continueWatching
  /// Reopen the query saved when the prompt was left, at the same depth.
  case resume
  /// `resume N`: reopen the Nth newest of the sessions kept.
  case resumeSession(Int)
  /// `resume list`: the sessions kept, newest first.
  case sessions
  /// A command declared with no case of its own here: its name and its words, which its
  /// spec parses into this and its handler reads (see ``CommandSpec``).
  case declared(String, words: [String])

  /// What a row command does to the movie its label names: its name is the command's.
  public enum RowAction: String, Sendable, Hashable, CaseIterable {
    case show, thumb, open, play, trailer, similar, watch, unwatch, seen, unseen
  }

  /// The row commands that take a range of labels.
  public enum RangeAction: String, Sendable, Hashable {
    case watch, unwatch, seen, unseen, play

    /// What it does to each label.
    public var rowAction: RowAction {
      switch self {
      case .watch: .watch
      case .unwatch: .unwatch
      case .seen: .seen
      case .unseen: .unseen
      case .play: .play
      }
    }
  }

  /// Why a line is not a command.
  public enum ParseError: Swift.Error, Sendable, Hashable, UserFacingError {
    case unknown(String)
    case missingRow(command: String)
    case notARowNumber(command: String, argument: String)
    case rowTooSmall(command: String)
    case unexpectedArgument(command: String)
    case notARowRange(command: String, argument: String)
    case missingArgument(command: String, example: String)
    case notAnOrder(String)
    /// A prefix of several orders, or a near miss of one.
    case badOrder(String, OrderName.Problem)
    case notAPageCount(String)
    /// `episodes 3 x`: a season that is not a number.
    case notASeason(String)
    /// `show f0`, `show wx`: a prefix with no usable number after it.
    case notALabel(command: String, argument: String, RowLabel.Kind)
    /// `play 3 at:5`: a word after the row that is not `from:`, `audio:` or `sub:`.
    case notAPlayChoice(command: String, argument: String)
    case repeatedPlayChoice(command: String, key: String)
    case notAStart(command: String, row: String, argument: String)
    case notATrack(command: String, row: String, key: String, argument: String)

    /// A line that cannot be parsed is a usage error.
    public var code: ErrorCode { .usage }

    /// One line: what is wrong and what to type instead.
    public var message: String {
      switch self {
      case .unknown(let word):
        "Unknown command '\(CommandUsage.excerpt(word))'"
          + (CommandUsage.suggestion(for: word).map { "; did you mean '\($0)'?" } ?? ".")
          + " Type 'help' to see the commands."
      case .missingRow(let command):
        "'\(command)' needs a row number, for example '\(command) 3'."
      case .notARowNumber(let command, let argument):
        "'\(CommandUsage.excerpt(argument))' is not a row number; "
          + "type '\(command) N' with N from the list."
      case .rowTooSmall(let command):
        "Row numbers start at 1; try '\(command) 1'."
      case .unexpectedArgument(let command):
        CommandUsage.takes(command)
      case .notARowRange(let command, let argument):
        "'\(CommandUsage.excerpt(argument))' is not a row range; "
          + "type '\(command) N-M' with N up to M"
          + (command == "thumb" ? ", or '\(command) all'." : ", or 'wN-wM' or 'fN-fM'.")
      case .missingArgument(let command, let example):
        "'\(command)' needs an argument, for example '\(command) \(example)'."
      case .notAnOrder(let word):
        "'\(CommandUsage.excerpt(word))' is not an order; "
          + "type 'order' and a word such as rating or newest."
      case .badOrder(let word, let problem):
        OrderName.message(word, problem)
      case .notALabel(let command, let argument, let kind):
        "'\(CommandUsage.excerpt(argument))' is not \(kind == .entry ? "an entry" : "a match"); "
          + "type '\(command) \(RowLabel(1, kind))' for the first."
      case .notAPlayChoice(let command, let argument):
        "'\(CommandUsage.excerpt(argument))' is not something '\(command)' takes; after the row "
          + "come from:, audio: or sub:, for example '\(command) 3 from:start audio:ja sub:off'."
      case .repeatedPlayChoice(let command, let key):
        "'\(key):' is given twice; type it once, for example '\(command) 3 \(key):"
          + (key == "from" ? "start" : "en") + "'."
      case .notAStart(let command, let row, let argument):
        "'\(CommandUsage.excerpt(argument))' is not a time in the film; type "
          + "'\(command) \(row) from:start', 'from:12:30' or 'from:1:02:30'."
      case .notATrack(let command, let row, let key, let argument):
        "'\(CommandUsage.excerpt(argument))' is not a track; type a language code "
          + "('\(command) \(row) \(key):en'), a number from 'tracks \(row)', or '\(key):off'."
      case .notASeason(let word):
        "'\(CommandUsage.excerpt(word))' is not a season number; "
          + "type 'episodes N S' with S a season, such as 'episodes 3 2'."
      case .notAPageCount(let word):
        "'\(CommandUsage.excerpt(word))' is not a number of pages; "
          + "type 'more' or 'more N' with N from 1 to \(Command.mostPages)."
      }
    }
  }

  /// The most pages one `more N` loads.
  public static let mostPages = 100

  /// The command's entry in the table everything about commands is derived from.
  public var spec: CommandSpec? { CommandSpec.named(name) }

  /// The one label a row command acts on (`show w2`, `play f1 from:start`); nil for others.
  public var actedLabel: RowLabel? {
    switch self {
    case .act(_, let label), .play(let label, _): label
    default: nil
    }
  }

  /// `play N`, then `from:`, `audio:` and `sub:` in any order.
  static func play(_ arguments: CommandArguments) throws(ParseError) -> Command {
    guard let word = arguments.words.first else { throw .missingRow(command: arguments.name) }
    // `play 2-4`: rows one after another, each from where it stopped, with the default tracks.
    if let labels = try arguments.labels(word) {
      guard arguments.words.count == 1 else { throw .unexpectedArgument(command: arguments.name) }
      return .actOnRange(.play, labels)
    }
    let label = try arguments.label(word)
    return .play(
      label,
      try PlayChoices.parse(arguments.words.dropFirst(), command: arguments.name, row: word))
  }

  /// The command's name, as `help` and JSON output spell it.
  public var name: String {
    switch self {
    case .more, .morePages: "more"
    case .skip: "skip"
    case .list: "list"
    case .act(let action, _): action.rawValue
    case .actOnRange(let action, _): action.rawValue
    case .play: RowAction.play.rawValue
    case .thumbs: "thumb"
    case .help, .helpOn: "help"
    case .quit: "quit"
    case .genre: "genre"
    case .order: "order"
    case .genres: "genres"
    case .find: "find"
    case .pick: "pick"
    case .watchlist: "watchlist"
    case .continueWatching: "continue"
    case .resume, .resumeSession, .sessions: "resume"
    case .declared(let name, _): name
    }
  }

  /// Parses a line against `commands`; nil for a blank line. Names are case-insensitive.
  public static func parse(_ line: String, in commands: [CommandSpec] = CommandSpec.all)
    throws(ParseError) -> Command?
  {
    let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
    guard let first = words.first else { return nil }
    guard let spec = CommandSpec.named(first, in: commands) else { throw .unknown(first) }
    return try spec.parse(
      CommandArguments(name: first.lowercased(), words: Array(words.dropFirst())))
  }

  /// `episodes N [S]`, `episodes wN [S]`: a label and a season number from 0, as words for
  /// the handler.
  static func episodes(_ arguments: CommandArguments) throws(ParseError) -> Command {
    guard let first = arguments.words.first else { throw .missingRow(command: "episodes") }
    guard arguments.words.count <= 2 else { throw .unexpectedArgument(command: "episodes") }
    _ = try arguments.label(first)
    if arguments.words.count == 2 {
      let season = arguments.words[1]
      guard let number = Int(season), (0...EpisodePlace.largestNumber).contains(number) else {
        throw .notASeason(season)
      }
    }
    return .declared("episodes", words: arguments.words)
  }

  /// `help` or `help CMD`, for any command's name or other spelling.
  static func help(_ arguments: CommandArguments) throws(ParseError) -> Command {
    guard let topic = arguments.words.first else { return .help }
    guard arguments.words.count == 1 else { throw .unexpectedArgument(command: "help") }
    guard let spec = CommandSpec.named(topic) else { throw .unknown(topic) }
    return .helpOn(spec.name)
  }

  /// `order WORD`: an order, alias or unique beginning of one (see ``OrderName``).
  static func order(_ arguments: CommandArguments) throws(ParseError) -> Command {
    let order = try arguments.text(example: "rating")
    guard order.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
      throw .notAnOrder(order)
    }
    switch OrderName.resolve(order) {
    case .success(let value): return .order(value)
    case .failure(let problem): throw .badOrder(order, problem)
    }
  }

  /// `more` or `more N`.
  static func more(_ arguments: CommandArguments) throws(ParseError) -> Command {
    guard let argument = arguments.words.first else { return .more }
    guard arguments.words.count == 1 else { throw .unexpectedArgument(command: "more") }
    guard let pages = Int(argument), (1...mostPages).contains(pages) else {
      throw .notAPageCount(argument)
    }
    return pages == 1 ? .more : .morePages(pages)
  }

  /// `thumb N`, `thumb wN`, `thumb fN`, `thumb N-M` or `thumb all`.
  static func thumb(_ arguments: CommandArguments) throws(ParseError) -> Command {
    if arguments.words.count == 1, let rows = try thumbRows(arguments.words[0]) {
      return .thumbs(rows)
    }
    return try arguments.rowCommand(.thumb)
  }

  /// `all` or `N-M`; nil for anything else, which is then read as one row number.
  private static func thumbRows(_ argument: String) throws(ParseError) -> ThumbRows? {
    if argument.lowercased() == "all" { return .all }
    let parts = argument.split(separator: "-", omittingEmptySubsequences: false)
    // `-1` is a (too small) row number, not a range.
    guard parts.count == 2, !parts[0].isEmpty else { return nil }
    guard let first = Int(parts[0]), let last = Int(parts[1]), first >= 1, first <= last else {
      throw .notARowRange(command: "thumb", argument: argument)
    }
    return .range(first...last)
  }

  /// Search text without the quotes a shell user puts around a phrase: `"star wars"` is the
  /// words star and wars, as no title word is searched with its quotes; a text wholly in
  /// single quotes loses them too (an apostrophe inside a title stays).
  static func unquoted(_ text: String) -> String {
    var text = Substring(text)
    if text.count >= 2, text.first == "'", text.last == "'" { text = text.dropFirst().dropLast() }
    let quotes: Set<Character> = ["\"", "\u{201C}", "\u{201D}"]
    return text.split(separator: " ").map { word in
      var word = word
      while let first = word.first, quotes.contains(first) { word = word.dropFirst() }
      while let last = word.last, quotes.contains(last) { word = word.dropLast() }
      return word
    }.filter { !$0.isEmpty }.joined(separator: " ")
  }
}
