import Foundation
import MoviesCore

/// A Jellyfin server's TV series, as its TvShows API has them: a series' seasons
/// (`/Shows/{id}/Seasons`), a season's episodes (`/Shows/{id}/Episodes?SeasonId=`), the next
/// episode to watch (`/Shows/NextUp`, per user), and `continue`'s list: what the user stopped
/// part way, films and episodes (`/UserItems/Resume`), then the next up of each series.
extension JellyfinClient {
  /// A series row's fields: the film fields, and the counts the row shows.
  static let seriesFields = URLQueryItem(
    name: "Fields", value: fields + ",ChildCount,RecursiveItemCount")
  /// The most rows `continue` asks of each list at once.
  static let continuingLimit = 200

  /// The seasons of a series, in order; the series itself, were it listed as its own
  /// season, is left out (see ``JellyfinItemParser/seasons(_:series:)``).
  public func seasons(of series: Movie) async throws -> [Season] {
    guard let id = series.id.flatMap(JellyfinItemParser.identifier) else { return [] }
    let url = Self.address(
      server, "Shows/\(id)/Seasons",
      [
        URLQueryItem(name: "userId", value: userID),
        URLQueryItem(name: "Fields", value: "ChildCount"),
      ])
    let data = try await http.get(url, .seasons, limits: pageLimits)
    do {
      return try JellyfinItemParser.seasons(data, series: id)
    } catch {
      throw http.unusable(.unreadable(error.explanation), .seasons)
    }
  }

  /// The server's next up of the series for this user (`/Shows/NextUp?SeriesId=`): the
  /// episode after the last one played, the first if none was; nil once all are played.
  public func nextEpisode(of series: Movie) async throws -> Movie? {
    guard let id = series.id.flatMap(JellyfinItemParser.identifier) else { return nil }
    let url = Self.address(
      server, "Shows/NextUp",
      [
        URLQueryItem(name: "userId", value: userID), URLQueryItem(name: "SeriesId", value: id),
        URLQueryItem(name: "Limit", value: "1"),
        URLQueryItem(name: "Fields", value: Self.fields),
      ])
    return try await items(at: url, .nextEpisode).movies.first { $0.kind == .episode }
  }

  /// `/UserItems/Resume` of films and episodes.
  func resumeURL(_ page: [URLQueryItem]) -> URL {
    Self.address(
      server, "UserItems/Resume",
      page + [URLQueryItem(name: "IncludeItemTypes", value: "Movie,Episode")])
  }

  /// `/Shows/NextUp` of every series the user watches, without the episodes stopped part way
  /// (`continue` lists those already).
  func nextUpURL(_ page: [URLQueryItem]) -> URL {
    Self.address(
      server, "Shows/NextUp", page + [URLQueryItem(name: "EnableResumable", value: "false")])
  }

  /// One page of a season's episodes: by the season's id where it has one, else by number.
  func episodesURL(_ listing: MovieQuery.SeasonListing, _ page: [URLQueryItem]) -> URL {
    let series = JellyfinItemParser.identifier(listing.series.id) ?? "-"
    let season =
      listing.season.id.flatMap(JellyfinItemParser.identifier).map {
        URLQueryItem(name: "SeasonId", value: $0)
      } ?? URLQueryItem(name: "Season", value: String(listing.season.number))
    return Self.address(server, "Shows/\(series)/Episodes", page + [season])
  }

  /// `continue`'s page `number`: the resume list's rows, then, once it ends, the next up's,
  /// the two lists' totals added. Each page asks both lists (the next up for its count while
  /// the resume list fills the page); an episode the resume list has is not listed twice.
  func continuing(_ number: Int, of query: MovieQuery) async throws -> MoviePage {
    let size = query.pageSize
    let start = (max(1, number) - 1) * size
    let resume = try await items(at: resumeURL(pageItems(number, of: query)), .page(number))
    let resumeTotal = resume.totalCount ?? (start + resume.rowCount)
    let wanted = max(0, size - resume.rowCount)
    var next = pageItems(number, of: query).filter { $0.name != "StartIndex" && $0.name != "Limit" }
    next += [
      URLQueryItem(name: "StartIndex", value: String(max(0, start - resumeTotal))),
      URLQueryItem(name: "Limit", value: String(min(max(wanted, 1), Self.continuingLimit))),
    ]
    let nextUp = try await items(at: nextUpURL(next), .page(number))
    let resumed = Set(resume.movies.compactMap(\.identity))
    let added = nextUp.movies.filter { movie in
      movie.identity.map { !resumed.contains($0) } ?? true
    }.prefix(wanted)
    return MoviePage(
      movies: resume.movies + added, rowCount: resume.rowCount + added.count,
      totalCount: resumeTotal + (nextUp.totalCount ?? 0),
      warnings: resume.warnings + nextUp.warnings)
  }
}
