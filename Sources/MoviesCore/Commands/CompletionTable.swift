/// What Tab can complete at the prompt: command names, and each command's arguments.
///
/// The shell fills it before each prompt, because libedit's completion callback runs
/// synchronously and cannot ask the browser.
public struct CompletionTable: Sendable, Hashable {
  /// What completing the text before the cursor gives.
  public struct Completion: Sendable, Hashable {
    /// The part of the line being completed (a command name or an argument).
    public var word: String
    /// The candidates that start with it, in the table's order.
    public var matches: [String]
  }

  /// True while `more` has pages to load; `more` is offered only then.
  public var moreRemains: Bool
  /// The row numbers of the table on screen, for `show`, `thumb` and `open`.
  public var rows: [Int]
  /// Genre names, for `genre`.
  public var genres: [String]

  public init(moreRemains: Bool = true, rows: [Int] = [], genres: [String] = []) {
    self.moreRemains = moreRemains
    self.rows = rows
    self.genres = genres
  }

  /// The candidates for the text before the cursor: command names for the first word, then
  /// the command's arguments. Matching ignores case.
  public func complete(_ typed: String) -> Completion {
    guard let space = typed.firstIndex(where: \.isWhitespace) else {
      return Completion(
        word: typed, matches: Command.completions(forPrefix: typed, moreRemains: moreRemains))
    }
    let command = typed[..<space].lowercased()
    let argument = String(typed[space...].drop(while: \.isWhitespace))
    let candidates: [String] =
      switch command {
      case "show", "thumb", "open", "watch", "unwatch": rows.map(String.init)
      case "genre": genres + ["all"]
      case "order": OrderName.aliases.map(\.alias) + Command.knownOrders
      case "help": Command.names
      default: []
      }
    // A server's genre name with control characters would go into the line, the history
    // file and the terminal raw: such names are left out, and typed by hand if wanted.
    let matches = candidates.filter {
      $0.lowercased().hasPrefix(argument.lowercased())
        && !$0.unicodeScalars.contains(where: TerminalText.needsEscape)
    }
    return Completion(word: argument, matches: matches)
  }

  /// The grey hint shown after a command name: what its argument is.
  public static func hint(for typed: String) -> String? {
    let words = typed.split(whereSeparator: \.isWhitespace)
    guard words.count == 1, typed.last?.isWhitespace == true else { return nil }
    switch words[0].lowercased() {
    case "show", "thumb", "open", "watch", "unwatch": return "N (a row number)"
    case "genre": return "NAME|ID|all"
    case "order":
      return (OrderName.aliases.map(\.alias) + ["ratingdesc", "…"]).joined(separator: "|")
    case "find": return "WORDS genre:G year:Y-Y rating:>R"
    case "pick": return "[TEXT]"
    default: return nil
    }
  }
}
