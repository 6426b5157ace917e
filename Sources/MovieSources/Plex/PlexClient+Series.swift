import Foundation
import MoviesCore

/// A Plex server's TV library: its shows (`type=2` of the `show` section), a show's seasons
/// and a season's episodes (`/library/metadata/{key}/children`), a show's next episode (its
/// metadata's `OnDeck`), and the On Deck lists: `continue`'s (`/library/onDeck`: films and
/// episodes stopped part way, and the next episode of each show being watched) and next up
/// (the TV library's On Deck). All of them page by the container headers.
extension PlexClient {
  /// The TV library, or the sentence that says the server has none.
  func showLibrary() throws -> PlexParser.Section {
    guard let showSection else { throw SeriesFailure.noTVLibrary(server: name) }
    return showSection
  }

  /// The address of a list that is not a library's films or shows; nil for those.
  func seriesListURL(of query: MovieQuery) throws -> URL? {
    switch query.listing {
    case .titles: return nil
    case .continuing: return Self.address(server, "/library/onDeck")
    case .nextUp: return Self.address(server, "/library/sections/\(try showLibrary().key)/onDeck")
    case .episodes(let listing):
      // A season asked for by number is found among the show's seasons first.
      guard let key = PlexParser.number(listing.season.id) else {
        throw SeriesFailure.noSuchSeason(
          series: listing.seriesTitle, season: listing.season.number, server: name)
      }
      return Self.address(server, "/library/metadata/\(key)/children")
    }
  }

  /// A show's seasons (`/library/metadata/{key}/children`, without the "All episodes"
  /// entry), in order; the show itself, were it listed as its own season, is left out.
  public func seasons(of series: Movie) async throws -> [Season] {
    guard let key = PlexParser.number(series.id) else { return [] }
    let url = Self.address(
      server, "/library/metadata/\(key)/children",
      query: [URLQueryItem(name: "excludeAllLeaves", value: "1")])
    let data = try await http.get(url, .seasons, limits: http.limits(maxBytes: 1 << 22))
    do {
      return try PlexParser.seasons(data, show: key)
    } catch {
      throw http.unusable(.unreadable(error.explanation), .seasons)
    }
  }

  /// The episode Plex puts on deck for the show (`includeOnDeck=1`): the one stopped part
  /// way, or the one after the last watched; nil when it names none (nothing watched yet, or
  /// everything), and the browser picks the first episode not watched.
  public func nextEpisode(of series: Movie) async throws -> Movie? {
    guard let key = PlexParser.number(series.id) else { return nil }
    let url = Self.address(
      server, "/library/metadata/\(key)", query: [URLQueryItem(name: "includeOnDeck", value: "1")])
    let data = try await http.get(url, .nextEpisode, limits: http.limits(maxBytes: 1 << 22))
    do {
      return try PlexParser.onDeck(data, machineIdentifier: machineIdentifier)
    } catch {
      throw http.unusable(.unreadable(error.explanation), .nextEpisode)
    }
  }
}
