/// Where an episode sits: its series, its season and its number in that season.
public struct EpisodePlace: Sendable, Hashable {
  /// The series' id in the source (a ``TitleID`` of kind `series`), when the source sent it.
  public var seriesID: String?
  /// The series' title, for rows that stand outside the series' own list (`continue`'s
  /// `The 100 S01E02`).
  public var seriesTitle: String
  /// The season's number; 0 holds a series' specials.
  public var season: Int
  /// The episode's number in its season.
  public var episode: Int

  /// An episode `episode` of season `season` of `seriesTitle`. A server's numbers are
  /// clamped to 0...9,999 so a hostile one cannot overflow a column or a label.
  public init(seriesID: String?, seriesTitle: String, season: Int, episode: Int) {
    self.seriesID = seriesID
    self.seriesTitle = seriesTitle
    self.season = min(max(season, 0), Self.largestNumber)
    self.episode = min(max(episode, 0), Self.largestNumber)
  }

  /// The largest season or episode number kept.
  public static let largestNumber = 9_999

  /// The series' identity, when its id is known.
  public var series: TitleID? { seriesID.map { TitleID(.series, $0) } }

  /// `S01E03`: two digits at least, more when the number needs them.
  public var code: String {
    func two(_ number: Int) -> String { number < 10 ? "0\(number)" : String(number) }
    return "S\(two(season))E\(two(episode))"
  }
}

/// What a series row counts: its seasons, its episodes and, on a media server that knows what
/// the user has seen, how many of those episodes were played.
public struct SeriesCounts: Sendable, Hashable {
  /// Its seasons, specials not counted; nil when the source does not say.
  public var seasons: Int?
  /// Its episodes; nil when the source does not say.
  public var episodes: Int?
  /// The episodes played; nil on a source that does not know (TMDb).
  public var seen: Int?

  /// Counts as a source sent them; negative numbers are not known.
  public init(seasons: Int? = nil, episodes: Int? = nil, seen: Int? = nil) {
    self.seasons = seasons.flatMap { $0 >= 0 ? $0 : nil }
    self.episodes = episodes.flatMap { $0 >= 0 ? $0 : nil }
    self.seen = seen.flatMap { $0 >= 0 ? $0 : nil }
  }

  /// Every episode has been seen (and there is at least one).
  public var allSeen: Bool {
    guard let seen, let episodes, episodes > 0 else { return false }
    return seen >= episodes
  }
}

/// One season of a series, as ``MovieSource/seasons(of:)`` lists it.
public struct Season: Sendable, Hashable {
  /// Its number; 0 holds specials.
  public var number: Int
  /// Its title (`Season 1`, `Specials`, or a name of its own); nil when the server gives none.
  public var title: String?
  /// How many episodes it has, when the source says.
  public var episodeCount: Int?
  /// The source's id for it, when the source asks for a season by id (Jellyfin's `SeasonId`,
  /// a media server's rating key); nil when it asks by number (TMDb).
  public var id: String?

  /// A season numbered `number`; a hostile number is clamped like ``EpisodePlace``'s.
  public init(number: Int, title: String? = nil, episodeCount: Int? = nil, id: String? = nil) {
    self.number = min(max(number, 0), EpisodePlace.largestNumber)
    self.title = title
    self.episodeCount = episodeCount.flatMap { $0 >= 0 ? $0 : nil }
    self.id = id
  }

  /// The most seasons of a series kept: a hostile server's list is cut there.
  public static let largestList = 1_000

  /// Its title, or `Season N` (`Specials` for 0) when the server gives none.
  public var name: String {
    title ?? (number == 0 ? "Specials" : "Season \(number)")
  }
}
