extension Movie {
  /// What a table's Title cell says of the title, by its kind: a film's title; a series'
  /// with its seasons, `The 100 (7 seasons)`; an episode's with its place and running time,
  /// `S01E03 Earth Skills · 43 min`, after its series' title where it stands outside its
  /// series' list (`continue`'s `The 100 S01E02 …`, with `withSeries`). Not escaped.
  public func rowTitle(withSeries: Bool = true) -> String {
    switch kind {
    case .film, .season:
      return title
    case .series:
      guard let seasons = seriesCounts?.seasons else { return title }
      return title + " (\(seasons) \(seasons == 1 ? "season" : "seasons"))"
    case .episode:
      guard let place = episode else { return title }
      let series = withSeries ? place.seriesTitle + " " : ""
      let length = runningTime.map { " · \($0) min" } ?? ""
      return series + place.code + " " + title + length
    }
  }

  /// The progress cell of a series: `✓` when every episode was seen, `4/18` when some were
  /// (a percentage where the counts would not fit), nothing when none; nil when the source
  /// does not count them.
  public var seriesProgress: String? {
    guard let counts = seriesCounts, let seen = counts.seen else { return nil }
    if counts.allSeen { return "✓" }
    guard seen > 0, let episodes = counts.episodes, episodes > 0 else { return "" }
    let fraction = "\(seen)/\(episodes)"
    guard fraction.count > 5 else { return fraction }
    return "\(min(99, max(1, seen * 100 / episodes)))%"
  }
}
