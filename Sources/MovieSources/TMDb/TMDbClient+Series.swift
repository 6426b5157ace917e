import Foundation
import MoviesCore

/// TMDb's TV series: `/discover/tv` and `/search/tv` for the lists (with TV's own genres,
/// `/genre/tv/list`), `/tv/{id}` with its credits, videos and watch providers for `show N`
/// and the seasons, and `/tv/{id}/season/{n}` for a season's episodes. TMDb does not know
/// what the user has seen, so it names no next episode.
extension TMDbClient {
  /// The orders series are sorted by, as the browser names them, with TMDb's TV `sort_by`.
  static let seriesSorts: [String: String] = [
    "popularitydesc": "popularity.desc", "releasedatedesc": "first_air_date.desc",
    "releasedateasc": "first_air_date.asc", "ratingdesc": "vote_average.desc",
    "titleasc": "name.asc",
  ]

  /// A film list's filter as `/discover/tv` names it: its dates are first air dates.
  static func seriesFilter(_ item: URLQueryItem) -> URLQueryItem {
    URLQueryItem(
      name: item.name.replacingOccurrences(of: "primary_release_date", with: "first_air_date"),
      value: item.value)
  }

  /// `/tv/{id}` with its credits, videos and where it streams, asked once a session.
  func seriesDocument(_ id: String, _ target: LoadTarget) async throws -> Data {
    try await seriesDocuments.value(for: id) {
      let appended = URLQueryItem(
        name: "append_to_response", value: "credits,videos,watch/providers")
      return try await http.get(address("tv/\(id)", [appended]), target, limits: apiLimits)
    }
  }

  /// A series' overview, creators, cast, trailer, where it streams and its counts.
  func seriesDetails(for series: Movie, id: String) async throws -> Movie {
    let data = try await seriesDocument(id, .details)
    do {
      return try TMDbParser.seriesDetails(data, adding: series, region: settings.serviceRegion)
    } catch {
      throw Error.unreadable(.details)
    }
  }

  /// The seasons `/tv/{id}` lists, specials (season 0) first, each number once.
  public func seasons(of series: Movie) async throws -> [Season] {
    guard let id = Self.movieID(series) else { return [] }
    let data = try await seriesDocument(id, .seasons)
    do { return try TMDbParser.seasons(data) } catch { throw Error.unreadable(.seasons) }
  }

  /// None: TMDb does not know what the user has seen.
  public func nextEpisode(of series: Movie) async throws -> Movie? { nil }

  /// Page `number` of a season's episodes: the season is one answer, asked once and split
  /// into the browser's pages. A season TMDb does not have (404) is one sentence.
  func episodesPage(_ number: Int, of listing: MovieQuery.SeasonListing, size: Int) async throws
    -> MoviePage
  {
    let id = listing.series.id
    guard !id.isEmpty, id.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      return MoviePage(movies: [], rowCount: 0, totalCount: 0)
    }
    let season = listing.season.number
    let episodes = try await seasonEpisodes.value(for: "\(id)/\(season)") {
      async let base = try? posterAddressBase()
      let data: Data
      do {
        data = try await http.get(
          address("tv/\(id)/season/\(season)", []), .episodes(page: number), limits: apiLimits)
      } catch let failure as SourceHTTP.Failure {
        if case .status(404, _) = failure.cause {
          throw SeriesFailure.noSuchSeason(
            series: listing.seriesTitle, season: season, server: name)
        }
        throw failure
      }
      do {
        return try TMDbParser.episodes(
          data, series: listing, stillBase: (await base).map(Self.stillBase))
      } catch {
        throw Error.unreadable(.episodes(page: number))
      }
    }
    let start = min(max(0, (number - 1) * size), episodes.count)
    let rows = Array(episodes[start..<min(start + size, episodes.count)])
    return MoviePage(movies: rows, rowCount: rows.count, totalCount: episodes.count)
  }

  /// Stills are asked for at TMDb's `w300` still size, beside the posters' base.
  static func stillBase(_ posterBase: String) -> String {
    guard let slash = posterBase.lastIndex(of: "/") else { return posterBase }
    return posterBase[...slash] + "w300"
  }
}
