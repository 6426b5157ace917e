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
  /// The rows in view: a table's row numbers, a server search's `f1`…, or the watchlist's
  /// `w1`… for the commands that take `wN`.
  public var view: RowsInView
  /// Genre names, for `genre`.
  public var genres: [String]
  /// The words for `order`: the source's orders (``OrderName/words(offeredBy:)``).
  public var orders: [String]

  /// A table from what is in view; by default more remains and every order is offered.
  public init(
    moreRemains: Bool = true, view: RowsInView = .rows([]), genres: [String] = [],
    orders: [String] = OrderName.words
  ) {
    self.moreRemains = moreRemains
    self.view = view
    self.genres = genres
    self.orders = orders
  }

  /// The candidates for the text before the cursor: command names for the first word, then
  /// what the command's declaration says it takes. Matching ignores case.
  public func complete(_ typed: String) -> Completion {
    guard let space = typed.firstIndex(where: \.isWhitespace) else {
      return Completion(
        word: typed, matches: CommandSpec.names(forPrefix: typed, moreRemains: moreRemains))
    }
    let argument = String(typed[space...].drop(while: \.isWhitespace))
    let candidates: [String] =
      switch CommandSpec.named(String(typed[..<space]))?.completes ?? .nothing {
      case .rowsOrEntries: view.labels
      case .genres: genres + ["all"]
      case .orders: orders
      case .commands: CommandSpec.all.map(\.name)
      case .nothing: []
      }
    // A server's genre name with control characters would go into the line, the history
    // file and the terminal raw: such names are left out, and typed by hand if wanted.
    let matches = candidates.filter {
      $0.lowercased().hasPrefix(argument.lowercased())
        && !$0.unicodeScalars.contains(where: TerminalText.needsEscape)
    }
    return Completion(word: argument, matches: matches)
  }

  /// The grey hint shown after a command name and a space: what its argument is; for
  /// `order`, the friendly names of this source's orders.
  public func hint(for typed: String) -> String? {
    let words = typed.split(whereSeparator: \.isWhitespace)
    guard words.count == 1, typed.last?.isWhitespace == true,
      let spec = CommandSpec.named(String(words[0]))
    else { return nil }
    guard spec.completes == .orders else { return spec.hint }
    return OrderName.names(in: orders).joined(separator: "|")
  }
}
