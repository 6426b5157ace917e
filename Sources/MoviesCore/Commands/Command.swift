/// One line typed at the prompt, understood.
public enum Command: Sendable, Hashable {
  case more
  case list
  case show(row: Int)
  case thumb(row: Int)
  /// `thumb N-M` or `thumb all`.
  case thumbs(ThumbRows)
  case help
  case quit
  /// Restart the list with one genre, by id or name; `genre all` drops the filter.
  case genre(String)
  /// Restart the list in another order (the API's `order`).
  case order(String)
  /// List the genres the source knows.
  case genres
  /// Filter the loaded rows by a piece of their title or genres.
  case find(String)
  /// Open row N's link, or print it.
  case open(row: Int)
  /// Add row N's movie to the watchlist, or take it off.
  case watch(row: Int)
  case unwatch(row: Int)
  /// List the watchlist, newest first, numbered `w1`, `w2`, …
  case watchlist
  /// `show wN`, `thumb wN`, `open wN`, `unwatch wN`: a command on watchlist entry N.
  case onWatchlist(WatchlistAction, entry: Int)
  /// Reopen the query saved when the prompt was left, at the same depth.
  case resume

  /// What can be done to a watchlist entry.
  public enum WatchlistAction: String, Sendable, Hashable {
    case show, thumb, open, unwatch
  }

  /// Why a line is not a command.
  public enum ParseError: Swift.Error, Sendable, Hashable {
    case unknown(String)
    case missingRow(command: String)
    case notARowNumber(command: String, argument: String)
    case rowTooSmall(command: String)
    case unexpectedArgument(command: String)
    case notARowRange(command: String, argument: String)
    case missingArgument(command: String, example: String)
    case notAnOrder(String)

    /// One line: what is wrong and what to type instead.
    public var message: String {
      switch self {
      case .unknown(let word):
        "Unknown command '\(word)'. Type 'help' to see the commands."
      case .missingRow(let command):
        "'\(command)' needs a row number, for example '\(command) 3'."
      case .notARowNumber(let command, let argument):
        "'\(argument)' is not a row number; type '\(command) N' with N from the list."
      case .rowTooSmall(let command):
        "Row numbers start at 1; try '\(command) 1'."
      case .unexpectedArgument(let command):
        "'\(command)' takes no argument; type just '\(command)'."
      case .notARowRange(let command, let argument):
        "'\(argument)' is not a row range; type '\(command) N-M' with N up to M, or '\(command) all'."
      case .missingArgument(let command, let example):
        "'\(command)' needs an argument, for example '\(command) \(example)'."
      case .notAnOrder(let word):
        "'\(word)' is not an order; type 'order' and a word such as releasedatedesc."
      }
    }
  }

  /// The command names, in the order `help` lists them.
  public static let names = [
    "more", "list", "show", "thumb", "genre", "order", "genres", "find", "open", "watch",
    "unwatch", "watchlist", "resume", "help", "quit", "exit",
  ]

  /// The orders offered for `order` and its completion; other words go to the server as they
  /// are.
  public static let knownOrders = [
    "releasedateasc", "releasedatedesc", "ratingdesc", "ratingasc", "titleasc",
  ]

  /// True for `genre` and `order`, which replace the list with another query's.
  public var startsANewList: Bool {
    switch self {
    case .genre, .order: true
    default: false
    }
  }

  /// The command's name, as `help` and JSON output spell it.
  public var name: String {
    switch self {
    case .more: "more"
    case .list: "list"
    case .show: "show"
    case .thumb, .thumbs: "thumb"
    case .help: "help"
    case .quit: "quit"
    case .genre: "genre"
    case .order: "order"
    case .genres: "genres"
    case .find: "find"
    case .open: "open"
    case .watch: "watch"
    case .unwatch: "unwatch"
    case .watchlist: "watchlist"
    case .onWatchlist(let action, _): action.rawValue
    case .resume: "resume"
    }
  }

  /// Parses a line; nil for a blank line. Names are case-insensitive.
  public static func parse(_ line: String) throws(ParseError) -> Command? {
    let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
    guard let first = words.first else { return nil }
    let name = first.lowercased()
    let arguments = Array(words.dropFirst())

    func noArgument(_ command: Command) throws(ParseError) -> Command {
      guard arguments.isEmpty else { throw .unexpectedArgument(command: name) }
      return command
    }
    func row() throws(ParseError) -> Int {
      guard let argument = arguments.first else { throw .missingRow(command: name) }
      guard arguments.count == 1 else { throw .unexpectedArgument(command: name) }
      guard let row = Int(argument) else {
        throw .notARowNumber(command: name, argument: argument)
      }
      guard row >= 1 else { throw .rowTooSmall(command: name) }
      return row
    }
    // The rest of the line, as typed (genre names and search text may hold spaces).
    func text(example: String) throws(ParseError) -> String {
      guard !arguments.isEmpty else { throw .missingArgument(command: name, example: example) }
      return arguments.joined(separator: " ")
    }

    if let action = WatchlistAction(rawValue: name), arguments.count == 1,
      let entry = try watchlistEntry(arguments[0], command: name)
    {
      return .onWatchlist(action, entry: entry)
    }
    switch name {
    case "more": return try noArgument(.more)
    case "list": return try noArgument(.list)
    case "show": return .show(row: try row())
    case "thumb":
      if arguments.count == 1, let rows = try thumbRows(arguments[0]) { return .thumbs(rows) }
      return .thumb(row: try row())
    case "help", "?": return try noArgument(.help)
    case "quit", "exit": return try noArgument(.quit)
    case "genre": return .genre(try text(example: "Drama"))
    case "genres": return try noArgument(.genres)
    case "find": return .find(try text(example: "godfather"))
    case "open": return .open(row: try row())
    case "watch": return .watch(row: try row())
    case "unwatch": return .unwatch(row: try row())
    case "watchlist": return try noArgument(.watchlist)
    case "resume": return try noArgument(.resume)
    case "order":
      let order = try text(example: "ratingdesc")
      guard order.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
        throw .notAnOrder(order)
      }
      return .order(order)
    default: throw .unknown(first)
    }
  }

  /// `wN` names watchlist entry N; nil for anything not starting with `w`.
  private static func watchlistEntry(_ argument: String, command: String) throws(ParseError)
    -> Int?
  {
    guard let first = argument.first, first == "w" || first == "W" else { return nil }
    guard let entry = Int(argument.dropFirst()) else {
      throw .notARowNumber(command: command, argument: argument)
    }
    guard entry >= 1 else { throw .rowTooSmall(command: command) }
    return entry
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

  /// The command names to offer for completion: `more` only while more remain.
  public static func completions(forPrefix prefix: String, moreRemains: Bool) -> [String] {
    names.filter { $0.hasPrefix(prefix.lowercased()) && (moreRemains || $0 != "more") }
  }
}
