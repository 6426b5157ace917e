import Foundation

/// Where movies come from: one adapter per source (the offline catalogue, a Hoppin-style API,
/// TMDb, Jellyfin, …), which the browser knows only through this protocol and its capabilities.
public protocol MovieSource: Sendable {
  /// A short description for messages, such as the server's host.
  var name: String { get }

  /// Fetches one page (1-based) of the query, whatever it lists (``MovieQuery/Listing``):
  /// - `.titles(.film)`: films in the query's genre and order, or a search's matches;
  /// - `.titles(.series)`: the same of TV series, for a source that
  ///   ``SourceCapabilities/listsSeries``; rows of kind `.series` whose ``Movie/releaseDate``
  ///   is the first air date and whose ``Movie/seriesCounts`` say what the source knows
  ///   (seasons, episodes, and episodes seen on a media server);
  /// - `.continuing`: films and episodes stopped part way, most recent first, then the next
  ///   episode of each series being watched, for a source that
  ///   ``SourceCapabilities/resumesWatching``;
  /// - `.nextUp`: the next episode of each series being watched, for a source that
  ///   ``SourceCapabilities/tracksEpisodes``;
  /// - `.episodes(season)`: that season's episodes in order, for a source that lists series.
  ///
  /// Episode rows are of kind `.episode`, carry their ``Movie/episode`` place (series id and
  /// title, season and episode numbers), the running time, the air date as
  /// ``Movie/releaseDate``, the still as ``Movie/thumbnail`` and, on a media server, their
  /// ``Movie/playback``. The browser asks for a listing only where the capabilities allow it.
  func page(_ number: Int, of query: MovieQuery) async throws -> MoviePage

  /// Resolves a movie's thumbnail reference to the address it is loaded from, or throws when
  /// the reference is not one this source will load.
  func thumbnailURL(for reference: String) throws -> URL

  /// Loads the bytes at an address that ``thumbnailURL(for:)`` returned.
  func thumbnailData(at url: URL) async throws -> Data

  /// What the source can do beyond paging (see ``SourceCapabilities``; defaults to none).
  var capabilities: SourceCapabilities { get }

  /// The search with the ids its server filters need (`on:`'s services); throws a
  /// ``SourceRefusal`` for a filter the source cannot apply. By default the search as it is,
  /// refused by the capabilities alone.
  func resolvingFilters(of search: MovieSearch) async throws -> MovieSearch

  /// The query listing the source's matches of a search, with the filters it leaves for the
  /// client to check; nil to scan (the default).
  func searchQuery(for search: MovieSearch, from query: MovieQuery) -> ServerSearch?

  /// The movie with the fields the list leaves out; the movie itself by default. For a
  /// series: its overview, ``Movie/creators`` and ``Movie/cast``, where it streams (TMDb) or
  /// its ``Movie/seriesCounts`` (media servers); for an episode, its overview and stills.
  func details(for movie: Movie) async throws -> Movie

  /// The films like `movie`, one page of the server's choice, for a source that
  /// ``SourceCapabilities/findsSimilar``; the others refuse (``SourceRefusal/noSimilar``).
  func similar(to movie: Movie) async throws -> MoviePage
  /// The seasons of a series (a row of kind `.series`), in their order, with their number,
  /// title, episode count and, where the source asks for a season by id, its id (see
  /// ``Season``). A series the server says is its own season is not listed, and at most
  /// ``Season/largestList`` are. Throws ``SourceRefusal/noSeries`` (the default) on a source
  /// that lists no series.
  func seasons(of series: Movie) async throws -> [Season]

  /// The episode to play next of a series: the server's next up (Jellyfin's
  /// `/Shows/NextUp?SeriesId=`, a media server's on deck), as an episode row; nil when the server names
  /// none (everything seen) or does not know what was seen (TMDb), and the browser then picks
  /// the first episode not played. Throws ``SourceRefusal/noSeries`` (the default) on a
  /// source that lists no series.
  func nextEpisode(of series: Movie) async throws -> Movie?

  /// The movie as the source has it now, looked up again (for a watchlist entry saved
  /// earlier); nil when the source cannot look one movie up. By default its details, for a
  /// source that has them.
  func current(_ movie: Movie) async throws -> Movie?
}
