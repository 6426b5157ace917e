/// The words `order` and `--order` accept: the API's order names in any case, friendly
/// aliases, and unique prefixes of either, each mapped to the API's value.
public enum OrderName {
  /// Friendly names for the API's orders.
  public static let aliases: [(alias: String, order: String)] = [
    ("newest", "releasedatedesc"), ("oldest", "releasedateasc"), ("rating", "ratingdesc"),
    ("title", "titleasc"), ("popular", "popularitydesc"), ("added", "dateaddeddesc"),
  ]

  /// Every word offered for `order`, its completion and help: the aliases, then the API's
  /// orders and those the aliases stand for (TMDb's `popularitydesc`, Jellyfin's
  /// `dateaddeddesc`); other words go to the server as they are.
  public static var words: [String] {
    aliases.map(\.alias) + MovieQuery.orders
      + aliases.map(\.order).filter { !MovieQuery.orders.contains($0) }
  }

  /// The words to offer for a source that sorts only by `orders` (its API values): their
  /// aliases, then the orders themselves; every word for one that passes any word on (nil).
  public static func words(offeredBy orders: [String]?) -> [String] {
    guard let orders else { return words }
    return aliases.filter { orders.contains($0.order) }.map(\.alias) + orders
  }

  /// Each order among `words` once, by its friendly name where it has one (`rating`, not
  /// also `ratingdesc`): the short list of `help` and the prompt's hint.
  public static func names(in words: [String]) -> [String] {
    let named = aliases.filter { words.contains($0.alias) }
    return named.map(\.alias)
      + words.filter { word in !named.contains { $0.alias == word || $0.order == word } }
  }

  /// Why a word cannot be used as an order.
  public enum Problem: Error, Sendable, Hashable {
    /// A prefix of several orders.
    case ambiguous([String])
    /// Close to an order, probably a typo of it.
    case nearMiss(String)
  }

  /// The API's value for a word: a known order or alias (any case), a unique prefix of one;
  /// an alias wins over the orders whose names go on from it, so `rat` is rating (not
  /// ratingasc) while `r` could still be a release date. A word near one is a typo; any other
  /// word goes to the server as it is.
  public static func resolve(_ word: String) -> Result<String, Problem> {
    let lowered = word.lowercased()
    let names = words
    if let exact = names.first(where: { $0 == lowered }) { return .success(value(of: exact)) }
    let prefixed = names.filter { $0.hasPrefix(lowered) }
    let aliased = aliases.filter { $0.alias.hasPrefix(lowered) }
    if aliased.count == 1, let alias = aliased.first,
      prefixed.allSatisfy({ $0.hasPrefix(alias.alias) })
    {
      return .success(alias.order)
    }
    let orders = Set(prefixed.map(value(of:)))
    if orders.count == 1, let order = orders.first { return .success(order) }
    if orders.count > 1 { return .failure(.ambiguous(prefixed)) }
    if let near = CommandUsage.nearest(lowered, among: names) { return .failure(.nearMiss(near)) }
    return .success(word)
  }

  /// The short name for the prompt: the alias when there is one, else the order.
  public static func shortName(_ order: String) -> String {
    aliases.first { $0.order == order }?.alias ?? order
  }

  private static func value(of name: String) -> String {
    aliases.first { $0.alias == name }?.order ?? name
  }

  /// One sentence about a word that is not an order.
  public static func message(_ word: String, _ problem: Problem) -> String {
    let quoted = "'\(CommandUsage.excerpt(word))'"
    switch problem {
    case .ambiguous(let names):
      return "\(quoted) could be \(names.joined(separator: ", ")); type more of it."
    case .nearMiss(let name):
      return "\(quoted) is not an order; did you mean '\(name)'?"
    }
  }
}
