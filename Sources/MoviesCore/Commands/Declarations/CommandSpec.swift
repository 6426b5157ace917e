/// One command as everything that reads, explains, completes or runs it sees it: parsing,
/// `help`, `help CMD`, `--help`, JSON help, Tab, the grey hint, the spinner's label, the pager
/// rule and the handler that carries it out are all derived from ``CommandSpec/all``, so
/// adding a command is one entry there and its handler (with the outcome it renders), as
/// swift-argument-parser's `ParsableCommand` is its configuration and its `run()`.
public struct CommandSpec: Sendable {
  /// What Tab offers after the command's name.
  public enum Completes: Sendable, Hashable {
    case nothing
    /// The labels of the table on screen: row numbers, `w1`… when it is the watchlist, `f1`…
    /// when it is a server search's matches.
    case rowsOrEntries
    case genres
    case orders
    case commands
  }

  /// What the spinner's label may say: the page `more` loads next and where from.
  public struct LoadingContext: Sendable {
    /// The page `more` loads next; nil when none remains.
    public var nextPage: Int?
    /// The source's name, as the banner says it.
    public var sourceName: String

    /// A context from its parts.
    public init(nextPage: Int?, sourceName: String) {
      self.nextPage = nextPage
      self.sourceName = sourceName
    }
  }

  /// The name typed and listed (`show`).
  public var name: String
  /// Other spellings that run it (`exit`, `q`, `\q` for `quit`).
  public var aliases: [String] = []
  /// The name and its argument as `help` lists it: `show N`.
  public var synopsis: String
  /// Every form, for `help CMD`: `thumb N, thumb N-M, thumb all`.
  public var usage: String
  /// What it does, one clause without a full stop.
  public var summary: String
  /// Lines `help CMD` shows as examples.
  public var examples: [String]
  /// What its argument is, for "'show' takes one row number"; nil when it takes none.
  public var takes: String? = nil
  /// The grey hint after the name and a space; nil for none.
  public var hint: String? = nil
  /// What Tab offers after the name.
  public var completes: Completes = .nothing
  /// Offered by Tab and listed by `help` only while more pages remain (`more`).
  public var needsMore = false
  /// Offered by Tab only when no other command matches what was typed: `skip` is for after a
  /// failure, and `s` Tab should reach `show`.
  public var isRare = false
  /// Whether its table goes through the pager when taller than the screen.
  public var pages = false
  /// What the spinner says while it loads; nil for commands that load nothing.
  var loading: (@Sendable (Command, LoadingContext) -> String?)? = nil
  /// The line's words after the name, understood.
  var parse: @Sendable (CommandArguments) throws(Command.ParseError) -> Command
  /// Carries the command out on the context the commands share; what it did comes back as
  /// an outcome that renders itself. Errors are the command's failure.
  var run: Handler

  /// A command's handler: the command as parsed, and what it works on.
  public typealias Handler = @Sendable (Command, CommandContext) async throws -> Handled

  /// The command for a name or another spelling, in any case, among `commands`.
  public static func named(_ name: String, in commands: [CommandSpec] = all) -> CommandSpec? {
    let name = name.lowercased()
    return commands.first { $0.name == name || $0.aliases.contains(name) }
  }

  /// The summary as `help` shows it: `order`'s names the words the source sorts by.
  public func summary(offering orders: [String]) -> String {
    completes == .orders ? summary + ": " + orders.joined(separator: ", ") : summary
  }

  /// What the spinner says while `command` loads; nil when it loads nothing.
  public func loadingLabel(_ command: Command, _ context: LoadingContext) -> String? {
    loading?(command, context)
  }

  /// The name and the other spellings that are words (`exit`, not `q`), as Tab offers them.
  public var spokenNames: [String] {
    [name] + aliases.filter { $0.count > 1 && $0.allSatisfy(\.isLetter) }
  }

  /// The command names Tab offers for a prefix of one: rare ones only when nothing else fits.
  public static func names(forPrefix prefix: String, moreRemains: Bool) -> [String] {
    let prefix = prefix.lowercased()
    let fitting = all.filter { moreRemains || !$0.needsMore }
      .map { spec in (spec, spec.spokenNames.filter { $0.hasPrefix(prefix) }) }
      .filter { !$0.1.isEmpty }
    let common = fitting.filter { !$0.0.isRare }
    return (common.isEmpty ? fitting : common).flatMap(\.1)
  }
}

/// The words after a command's name, with the ways commands read them.
struct CommandArguments {
  /// The name as typed, lowercased (`exit` for `quit`), for messages.
  var name: String
  var words: [String]

  func none(_ command: Command) throws(Command.ParseError) -> Command {
    guard words.isEmpty else { throw .unexpectedArgument(command: name) }
    return command
  }

  /// One row number, from 1.
  func row() throws(Command.ParseError) -> Int {
    guard let argument = words.first else { throw .missingRow(command: name) }
    guard words.count == 1 else { throw .unexpectedArgument(command: name) }
    guard let row = Int(argument) else {
      throw .notARowNumber(command: name, argument: argument)
    }
    guard row >= 1 else { throw .rowTooSmall(command: name) }
    return row
  }

  /// A row command on one label, `N`, `wN` (a watchlist entry) or `fN` (a server search's
  /// match), or, when the command takes `ranges`, on several: `N-M`, `wN-wM`, `fN-fM`.
  func rowCommand(_ action: Command.RowAction, ranges: Command.RangeAction? = nil)
    throws(Command.ParseError) -> Command
  {
    guard let word = words.first else { throw .missingRow(command: name) }
    guard words.count == 1 else { throw .unexpectedArgument(command: name) }
    if let ranges, let labels = try labels(word) { return .actOnRange(ranges, labels) }
    return .act(action, try label(word))
  }

  /// `3`, `w3` or `f3`, in any case.
  func label(_ word: String) throws(Command.ParseError) -> RowLabel {
    if let prefix = word.first.map({ String($0).lowercased() }),
      let kind = RowLabel.Kind(prefix: prefix), kind != .row
    {
      guard let number = Int(word.dropFirst()), number >= 1 else {
        throw .notALabel(command: name, argument: word, kind)
      }
      return RowLabel(number, kind)
    }
    guard let row = Int(word) else { throw .notARowNumber(command: name, argument: word) }
    guard row >= 1 else { throw .rowTooSmall(command: name) }
    return RowLabel(row)
  }

  /// `N-M` with N up to M, both of one kind; nil for a word without a dash between two parts
  /// (`-1` is a row number, too small).
  func labels(_ word: String) throws(Command.ParseError) -> RowLabels? {
    let parts = word.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty else { return nil }
    guard let first = try? label(String(parts[0])), let last = try? label(String(parts[1])),
      first.kind == last.kind, first.number <= last.number
    else { throw .notARowRange(command: name, argument: word) }
    return RowLabels(first.number...last.number, first.kind)
  }

  /// The rest of the line, as typed (genre names and search text may hold spaces).
  func text(example: String) throws(Command.ParseError) -> String {
    guard !words.isEmpty else { throw .missingArgument(command: name, example: example) }
    return words.joined(separator: " ")
  }
}
