/// What each command takes, with an example: for `help CMD`, and for errors that say what
/// to type instead.
public enum CommandUsage {
  /// One command's usage.
  public struct Entry: Sendable, Hashable {
    public var name: String
    /// `show N`
    public var usage: String
    public var summary: String
    /// What its argument is, for "'show' takes one row number"; nil when it takes none.
    public var takes: String?
    public var examples: [String]
  }

  public static let entries: [Entry] = [
    Entry(
      name: "more", usage: "more [N]", summary: "load and show the next page, or the next N pages",
      takes: "nothing or a number of pages", examples: ["more", "more 5"]),
    Entry(
      name: "list", usage: "list", summary: "show every loaded movie again", examples: ["list"]),
    Entry(
      name: "show", usage: "show N", summary: "show every field of row N",
      takes: "one row number", examples: ["show 3"]),
    Entry(
      name: "thumb", usage: "thumb N, thumb N-M, thumb all",
      summary: "save the thumbnail of row N, rows N to M, or every loaded row",
      takes: "one row number or range", examples: ["thumb 3", "thumb 1-5", "thumb all"]),
    Entry(
      name: "genre", usage: "genre NAME|ID|all", summary: "restart the list with one genre",
      takes: "a genre name or id", examples: ["genre drama", "genre all"]),
    Entry(
      name: "order", usage: "order ORDER",
      summary: "restart the list in another order: "
        + (OrderName.aliases.map(\.alias) + Command.knownOrders).joined(separator: ", "),
      takes: "one order", examples: ["order rating", "order newest"]),
    Entry(name: "genres", usage: "genres", summary: "list the genres", examples: ["genres"]),
    Entry(
      name: "find", usage: "find WORDS [genre:G] [year:Y or Y-Y] [rating:>R]",
      summary: "search every movie of the list, loading the rest, for titles with all the "
        + "words; the filters narrow it",
      takes: "some words or filters",
      examples: ["find godfather", "find star wars year:1977-1983", "find genre:drama rating:>8"]),
    Entry(
      name: "pick", usage: "pick [TEXT]",
      summary: "choose a loaded row in fzf, with a preview; Enter shows it",
      takes: "some text to start the search with", examples: ["pick", "pick godfather"]),
    Entry(
      name: "open", usage: "open N", summary: "open the link of row N, or print it",
      takes: "one row number", examples: ["open 3"]),
    Entry(
      name: "watch", usage: "watch N", summary: "put row N's movie on the watchlist",
      takes: "one row number", examples: ["watch 3"]),
    Entry(
      name: "unwatch", usage: "unwatch N, unwatch wN",
      summary: "take row N's movie, or watchlist entry N, off the watchlist",
      takes: "one row number or watchlist entry", examples: ["unwatch 3", "unwatch w1"]),
    Entry(
      name: "watchlist", usage: "watchlist",
      summary: "list the watchlist, newest first, as w1, w2, …; 'show wN', 'thumb wN' and "
        + "'open wN' work on its entries",
      examples: ["watchlist"]),
    Entry(
      name: "resume", usage: "resume [N|list]",
      summary: "reopen the query saved when the prompt was last left, at the same depth; "
        + "'resume list' lists the last \(SavedSession.kept) saved, 'resume N' reopens one",
      takes: "'list' or a session's number", examples: ["resume", "resume list", "resume 2"]),
    Entry(
      name: "help", usage: "help [COMMAND]", summary: "list the commands, or explain one",
      takes: "one command name", examples: ["help", "help thumb"]),
    Entry(
      name: "quit", usage: "quit", summary: "leave (also exit, q, \\q, or Ctrl-D)",
      examples: ["quit"]),
  ]

  /// The entry for a command name or one of its other spellings (`exit`, `?`, `\q`).
  public static func entry(for name: String) -> Entry? {
    let name = name.lowercased()
    let canonical =
      switch name {
      case "exit", "q", "\\q": "quit"
      case "?", "\\?": "help"
      default: name
      }
    return entries.first { $0.name == canonical }
  }

  /// `help show`: the usage, what it does and examples.
  public static func explain(_ entry: Entry) -> String {
    "  \(entry.usage)\n  \(entry.summary).\n  Example\(entry.examples.count > 1 ? "s" : ""): "
      + entry.examples.map { "'\($0)'" }.joined(separator: ", ") + "\n"
  }

  /// "'show' takes one row number, for example 'show 3'."
  static func takes(_ name: String) -> String {
    guard let entry = entry(for: name), let takes = entry.takes else {
      return "'\(name)' takes no argument; type just '\(name)'."
    }
    let examples = entry.examples.map { "'\($0)'" }
    let listed =
      examples.count > 1
      ? examples.dropLast().joined(separator: ", ") + " or " + examples[examples.count - 1]
      : examples.joined()
    return "'\(name)' takes \(takes), for example \(listed)."
  }

  /// The command a mistyped word was probably meant to be (`shwo` → `show`), when one is
  /// near enough.
  public static func suggestion(for word: String) -> String? {
    nearest(word.lowercased(), among: Command.names)
  }

  /// The candidate within one edit (two for words of five letters or more), the closest
  /// first; nil when none is.
  static func nearest(_ word: String, among candidates: [String]) -> String? {
    let allowed = word.count >= 5 ? 2 : 1
    let scored = candidates.map { ($0, editDistance(word, $0)) }.filter { $0.1 <= allowed }
    return scored.min { $0.1 < $1.1 }?.0
  }

  /// Edits (insert, delete, replace, swap two neighbours) from one word to the other.
  static func editDistance(_ first: String, _ second: String) -> Int {
    let a = Array(first)
    let b = Array(second)
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    // Words longer than a command name are not near one; the table stays small.
    guard abs(a.count - b.count) <= 2 else { return abs(a.count - b.count) }
    var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }

  /// Typed text to quote back in a one-line message: cut to `limit` characters, so a pasted
  /// page of text is not echoed in full.
  public static func excerpt(_ text: String, limit: Int = 40) -> String {
    text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
  }
}
