import Foundation
import MoviesCore

/// What Plex's metadata says about series: an entry's kind (`type`: `show`, `season`,
/// `episode`), an episode's place (`grandparentRatingKey`, `grandparentTitle`, `parentIndex`,
/// `index`), a show's counts (`childCount`, `leafCount`, `viewedLeafCount`), a show's seasons
/// (`/library/metadata/{show}/children`) and its next episode (`OnDeck`). Numbers out of
/// range are unknown (``SeriesBounds``).
extension PlexParser {
  /// Where an episode without a file says so (`show N` prints it, and `play N` refuses it).
  public static let missingField = "file"
  static let missingFile = "none: the server lists this episode without a file"

  /// The entry's kind by its `type`; a film when it is none of the TV types.
  static func kind(_ entry: [String: Any]) -> TitleKind {
    switch LooseValue.text(entry["type"]) {
    case "show": .series
    case "season": .season
    case "episode": .episode
    default: .film
    }
  }

  /// An episode's show, season and number; a number out of range is 0.
  static func place(_ entry: [String: Any]) -> EpisodePlace {
    EpisodePlace(
      seriesID: number(entry["grandparentRatingKey"]),
      seriesTitle: LooseValue.text(entry["grandparentTitle"]) ?? "",
      season: SeriesBounds.number(entry["parentIndex"]) ?? 0,
      episode: SeriesBounds.number(entry["index"]) ?? 0)
  }

  /// A show's seasons, episodes and episodes watched; a count out of range, or more watched
  /// than there are, is unknown.
  static func counts(_ entry: [String: Any]) -> SeriesCounts {
    let episodes = SeriesBounds.count(entry["leafCount"])
    let seen = SeriesBounds.count(entry["viewedLeafCount"]).flatMap { seen in
      (episodes.map { seen <= $0 } ?? true) ? seen : nil
    }
    return SeriesCounts(
      seasons: SeriesBounds.count(entry["childCount"], limit: SeriesBounds.maxSeasons),
      episodes: episodes, seen: seen)
  }

  /// The seasons of `/library/metadata/{show}/children`, in order, each number once, at
  /// most ``Season/largestList``: an entry that is not a season (Plex's "All episodes"), has
  /// no index in range, or is the show itself (`show`, its rating key) is left out.
  public static func seasons(_ data: Data, show: String) throws(Error) -> [Season] {
    let entries = try container(data)["Metadata"] as? [Any] ?? []
    let seasons = entries.prefix(Season.largestList * 4).compactMap { row -> Season? in
      guard let entry = row as? [String: Any], kind(entry) == .season,
        let key = number(entry["ratingKey"]), key != show,
        let index = SeriesBounds.number(entry["index"])
      else { return nil }
      return Season(
        number: index, title: LooseValue.text(entry["title"]),
        episodeCount: SeriesBounds.count(entry["leafCount"], limit: SeriesBounds.maxEpisodes),
        id: key)
    }
    return Array(SeriesBounds.distinct(seasons) { $0.number }.prefix(Season.largestList))
  }

  /// The episode a show's metadata names to watch next (`includeOnDeck=1`'s `OnDeck`); nil
  /// when it names none.
  public static func onDeck(_ data: Data, machineIdentifier: String?) throws(Error) -> Movie? {
    let show = (try container(data)["Metadata"] as? [Any])?.first as? [String: Any]
    let deck = (show?["OnDeck"] as? [String: Any])?["Metadata"] as? [Any]
    guard let entry = deck?.first as? [String: Any],
      let movie = movie(entry, server: machineIdentifier), movie.kind == .episode
    else { return nil }
    return movie
  }
}
