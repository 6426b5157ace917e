import Foundation
import MoviesCore

/// TMDb's TV answers: `/tv/{id}` (its `created_by`, `seasons`, `number_of_seasons`,
/// `number_of_episodes` and `episode_run_time`, with the film details' credits, videos and
/// watch providers appended) and `/tv/{id}/season/{n}` (its `episodes`). Numbers out of range
/// are unknown, lists are cut at their caps and each season or episode is kept once
/// (``SeriesBounds``).
extension TMDbParser {
  /// The series' details added to its row.
  static func seriesDetails(_ data: Data, adding series: Movie, region: String) throws(Unreadable)
    -> Movie
  {
    let root = try object(data)
    let withParts = try details(data, adding: series, region: region)
    let creators = (root["created_by"] as? [Any] ?? []).prefix(castKept).compactMap {
      LooseValue.text(($0 as? [String: Any])?["name"])
    }
    let minutes = (root["episode_run_time"] as? [Any])?.lazy.compactMap {
      LooseValue.integer($0).flatMap { (1...10_000).contains($0) ? $0 : nil }
    }.first
    return withParts.changing { fields in
      fields.creators = creators
      fields.runningTime = minutes ?? fields.runningTime
      fields.releaseDate = LooseValue.text(root["first_air_date"]) ?? fields.releaseDate
      fields.seriesCounts = SeriesCounts(
        seasons: SeriesBounds.count(root["number_of_seasons"], limit: SeriesBounds.maxSeasons),
        episodes: SeriesBounds.count(root["number_of_episodes"]))
      fields.otherFields.removeValue(forKey: "budget")
      fields.otherFields.removeValue(forKey: "revenue")
    }
  }

  /// The seasons of `/tv/{id}`, in order of number, each once.
  static func seasons(_ data: Data) throws(Unreadable) -> [Season] {
    guard let list = try object(data)["seasons"] as? [Any] else { throw Unreadable() }
    let seasons = list.prefix(Season.largestList * 4).compactMap { entry -> Season? in
      guard let season = entry as? [String: Any],
        let number = SeriesBounds.number(season["season_number"])
      else { return nil }
      return Season(
        number: number, title: LooseValue.text(season["name"]),
        episodeCount: SeriesBounds.count(season["episode_count"], limit: SeriesBounds.maxEpisodes))
    }
    return Array(SeriesBounds.distinct(seasons) { $0.number }.prefix(Season.largestList))
  }

  /// The episodes of `/tv/{id}/season/{n}`, as rows of `listing`'s series: each id once, the
  /// series itself (its own id) left out, at most ``SeriesBounds/maxEpisodes``.
  static func episodes(
    _ data: Data, series listing: MovieQuery.SeasonListing, stillBase: String?
  ) throws(Unreadable) -> [Movie] {
    guard let list = try object(data)["episodes"] as? [Any] else { throw Unreadable() }
    var seen = Set<Int>()
    var episodes: [Movie] = []
    for entry in list.prefix(SeriesBounds.maxEpisodes * 4) {
      guard let episode = entry as? [String: Any], let id = LooseValue.integer(episode["id"]),
        String(id) != listing.series.id, seen.insert(id).inserted,
        let title = LooseValue.text(episode["name"])
      else { continue }
      let still = LooseValue.text(episode["still_path"]).map { path in
        (stillBase ?? "") + (path.hasPrefix("/") ? path : "/" + path)
      }
      episodes.append(
        Movie(
          id: String(id), title: title, thumbnail: still,
          rating: LooseValue.double(episode["vote_average"]),
          releaseDate: LooseValue.text(episode["air_date"]),
          runningTime: LooseValue.integer(episode["runtime"]).flatMap {
            (1...10_000).contains($0) ? $0 : nil
          },
          overview: LooseValue.text(episode["overview"]), kind: .episode,
          episode: EpisodePlace(
            seriesID: listing.series.id, seriesTitle: listing.seriesTitle,
            season: SeriesBounds.number(episode["season_number"]) ?? listing.season.number,
            episode: SeriesBounds.number(episode["episode_number"]) ?? 0)))
      if episodes.count == SeriesBounds.maxEpisodes { break }
    }
    return episodes
  }
}
