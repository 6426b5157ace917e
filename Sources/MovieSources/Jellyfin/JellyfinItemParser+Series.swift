import Foundation
import MoviesCore

/// What Jellyfin's items say about series: an item's kind (`Type`), an episode's place
/// (`SeriesId`, `SeriesName`, `ParentIndexNumber`, `IndexNumber`), a series' counts
/// (`ChildCount`, `RecursiveItemCount`, and its `UserData`'s `UnplayedItemCount`), and a
/// series' seasons. Numbers out of range are unknown (``SeriesBounds``).
extension JellyfinItemParser {
  /// Where a row without a file says so (`show N` prints it, and `play N` refuses it):
  /// Jellyfin lists an episode it knows of but has no file for as `Virtual`.
  public static let missingField = "file"
  static let missingFile = "none: the server knows of this episode but has no file for it"

  /// The item's kind by its `Type`; a film when it is none of the TV types.
  static func kind(_ item: [String: Any]) -> TitleKind {
    switch LooseValue.text(item["Type"]) {
    case "Series": .series
    case "Season": .season
    case "Episode": .episode
    default: .film
    }
  }

  /// An episode's series, season and number; a number out of range is 0.
  static func place(_ item: [String: Any]) -> EpisodePlace {
    EpisodePlace(
      seriesID: identifier(item["SeriesId"]),
      seriesTitle: LooseValue.text(item["SeriesName"]) ?? "",
      season: SeriesBounds.number(item["ParentIndexNumber"]) ?? 0,
      episode: SeriesBounds.number(item["IndexNumber"]) ?? 0)
  }

  /// A series' seasons and episodes, and the episodes the user has seen: all but the
  /// unplayed, when both counts are there and agree.
  static func counts(_ item: [String: Any]) -> SeriesCounts {
    let episodes = SeriesBounds.count(item["RecursiveItemCount"])
    let unplayed = SeriesBounds.count((item["UserData"] as? [String: Any])?["UnplayedItemCount"])
    let seen = episodes.flatMap { total in unplayed.flatMap { $0 <= total ? total - $0 : nil } }
    return SeriesCounts(
      seasons: SeriesBounds.count(item["ChildCount"], limit: SeriesBounds.maxSeasons),
      episodes: episodes, seen: seen)
  }

  /// An episode's air date: `PremiereDate`'s `YYYY-MM-DD`.
  static func airDate(_ item: [String: Any]) -> String? {
    guard let text = LooseValue.text(item["PremiereDate"]), text.utf8.count >= 10 else {
      return nil
    }
    let date = String(text.prefix(10))
    let digits = date.utf8.enumerated().allSatisfy {
      $0.offset == 4 || $0.offset == 7
        ? $0.element == UInt8(ascii: "-") : (0x30...0x39).contains($0.element)
    }
    return digits ? date : nil
  }

  /// The seasons of `/Shows/{id}/Seasons`, in order, each number once, at most
  /// ``Season/largestList``: an item that is not a season, has no number in range, or is the
  /// series itself (`series`, its id) is left out.
  public static func seasons(_ data: Data, series: String) throws(Error) -> [Season] {
    guard let root = JSONDocument.parse(data)?.root as? [String: Any],
      let items = root["Items"] as? [Any]
    else { throw .notAQueryResult }
    let folded = series.lowercased().filter { $0 != "-" }
    let seasons = items.prefix(Season.largestList * 4).compactMap { entry -> Season? in
      guard let item = entry as? [String: Any], kind(item) == .season,
        let id = identifier(item["Id"]), id.lowercased().filter({ $0 != "-" }) != folded,
        let number = SeriesBounds.number(item["IndexNumber"])
      else { return nil }
      return Season(
        number: number, title: LooseValue.text(item["Name"]),
        episodeCount: SeriesBounds.count(item["ChildCount"], limit: SeriesBounds.maxEpisodes),
        id: id)
    }
    return Array(SeriesBounds.distinct(seasons) { $0.number }.prefix(Season.largestList))
  }
}
