/// The values of `find`'s filters: years, ratings and running times as ranges.
extension MovieSearch {
  /// `1972`, `1970-1979`, `1970-` or `-1979`.
  static func yearRange(_ text: String) -> ClosedRange<Int>? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    func year(_ part: Substring?, default value: Int) -> Int? {
      guard let part, !part.isEmpty else { return value }
      guard part.count <= 4, let year = Int(part), year >= 0 else { return nil }
      return year
    }
    switch parts.count {
    case 1: return Int(text).flatMap { year in text.count <= 4 && year >= 0 ? year...year : nil }
    case 2:
      guard let low = year(parts[0], default: 0), let high = year(parts[1], default: 9_999),
        low <= high, !(parts[0].isEmpty && parts[1].isEmpty)
      else { return nil }
      return low...high
    default: return nil
    }
  }

  /// `>8`, `>=8`, `<5`, `<=5`, `7-8`, or `8` (8 or more). Ratings are at most 10, `>8`
  /// means above 8.
  static func ratingRange(_ text: String) -> ClosedRange<Double>? {
    func number(_ part: Substring) -> Double? {
      guard let value = Double(part), value.isFinite, value >= 0 else { return nil }
      return value
    }
    if text.hasPrefix(">=") { return number(text.dropFirst(2)).map { $0...Double.infinity } }
    if text.hasPrefix("<=") { return number(text.dropFirst(2)).map { 0...$0 } }
    if text.hasPrefix(">") { return number(text.dropFirst()).map { $0.nextUp...Double.infinity } }
    if text.hasPrefix("<") {
      return number(text.dropFirst()).flatMap { $0 > 0 ? 0...$0.nextDown : nil }
    }
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    if parts.count == 2, let low = number(parts[0]), let high = number(parts[1]), low <= high {
      return low...high
    }
    return number(Substring(text)).map { $0...Double.infinity }
  }

  /// `>1000` (more than 1,000), `>=1000` or `1000` (1,000 or more): the fewest votes.
  static func minimumVotes(_ text: String) -> Int? {
    func count(_ part: Substring) -> Int? {
      guard !part.isEmpty, part.count <= 9, let value = Int(part), value >= 0 else { return nil }
      return value
    }
    if text.hasPrefix(">=") { return count(text.dropFirst(2)) }
    if text.hasPrefix(">") { return count(text.dropFirst()).map { $0 + 1 } }
    return count(Substring(text))
  }

  /// `<100`, `<=100`, `>120`, `>=120` or `90-120`, in minutes; `<100` means under 100.
  static func runtimeRange(_ text: String) -> ClosedRange<Int>? {
    func minutes(_ part: Substring) -> Int? {
      guard !part.isEmpty, part.count <= 5, let value = Int(part), value >= 0 else { return nil }
      return value
    }
    if text.hasPrefix(">=") { return minutes(text.dropFirst(2)).map { $0...Int.max } }
    if text.hasPrefix("<=") { return minutes(text.dropFirst(2)).map { 0...$0 } }
    if text.hasPrefix(">") { return minutes(text.dropFirst()).map { ($0 + 1)...Int.max } }
    if text.hasPrefix("<") {
      return minutes(text.dropFirst()).flatMap { $0 > 0 ? 0...($0 - 1) : nil }
    }
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, let low = minutes(parts[0]), let high = minutes(parts[1]), low <= high
    else { return nil }
    return low...high
  }
}
