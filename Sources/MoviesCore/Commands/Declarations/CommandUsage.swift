/// What each command takes, for errors that say what to type instead, and the near misses
/// of a mistyped word.
public enum CommandUsage {
  /// "'show' takes one row number, for example 'show 3'."
  static func takes(_ name: String) -> String {
    guard let entry = CommandSpec.named(name), let takes = entry.takes else {
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
    // Short spellings (`q`, `?`) are near every short word, so only names are offered.
    let names = CommandSpec.all.flatMap(\.spokenNames)
    return nearest(word.lowercased(), among: names)
  }

  /// The candidate within one edit (two for words of five letters or more), the closest
  /// first; nil when none is.
  public static func nearest(_ word: String, among candidates: [String]) -> String? {
    let allowed = word.count >= 5 ? 2 : 1
    let scored = candidates.map { ($0, editDistance(word, $0)) }.filter { $0.1 <= allowed }
    return scored.min { $0.1 < $1.1 }?.0
  }

  /// Edits (insert, delete, replace, swap two neighbours) from one word to the other.
  public static func editDistance(_ first: String, _ second: String) -> Int {
    let a = Array(first)
    let b = Array(second)
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
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
