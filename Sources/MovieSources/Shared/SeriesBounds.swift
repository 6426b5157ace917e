import MoviesCore

/// The limits every source holds a series' answers to: season and episode numbers, and how
/// many seasons and episodes one answer may list. A server's numbers are untrusted: one out
/// of range is unknown (nil), never clamped into a real-looking one, and a list past its cap
/// is cut, so a hostile answer costs a bounded amount of work and never loops.
enum SeriesBounds {
  /// Season and episode numbers a real series has: 0 (specials) to 9,999.
  static let numbers = 0...9_999
  /// The most seasons one series lists.
  static let maxSeasons = Season.largestList
  /// The most episodes one season (or one answer) lists.
  static let maxEpisodes = 5_000

  /// A season or an episode number, when it is whole and within ``numbers``.
  static func number(_ value: Any?) -> Int? {
    LooseValue.integer(value).flatMap { numbers.contains($0) ? $0 : nil }
  }

  /// A count (of seasons, episodes, episodes seen), when it is whole and not negative; one
  /// past `limit` is unknown.
  static func count(_ value: Any?, limit: Int = maxEpisodes * maxSeasons) -> Int? {
    LooseValue.integer(value).flatMap { (0...limit).contains($0) ? $0 : nil }
  }

  /// The seasons of a listing, in order of number, each number once (the first wins), and
  /// none past ``maxSeasons``: a hostile listing that names a season twice, or lists the
  /// series itself as a season, gives each real season once.
  static func distinct<Season>(_ seasons: [Season], number: (Season) -> Int) -> [Season] {
    var seen = Set<Int>()
    let unique = seasons.filter { seen.insert(number($0)).inserted }
    return Array(unique.sorted { number($0) < number($1) }.prefix(maxSeasons))
  }
}

extension MoviePage {
  /// The page with only its episodes: a season's listing that holds anything else (a hostile
  /// server's seasons, or the series itself) keeps its episodes, with a warning for the rest.
  func onlyEpisodes() -> MoviePage {
    var page = self
    page.movies = movies.filter { $0.kind == .episode }
    let dropped = movies.count - page.movies.count
    if dropped > 0 {
      page.warnings.append(
        "Left out \(dropped == 1 ? "1 row" : "\(dropped) rows") of the season that "
          + "\(dropped == 1 ? "is not an episode" : "are not episodes").")
    }
    return page
  }
}
