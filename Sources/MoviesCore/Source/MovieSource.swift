import Foundation

/// Where movies come from: one adapter per source (the offline catalogue, a Hoppin-style API,
/// TMDb, Jellyfin, …), which the browser knows only through this protocol and its capabilities.
public protocol MovieSource: Sendable {
  /// A short description for messages, such as the server's host.
  var name: String { get }

  /// Fetches one page (1-based) of the query.
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

  /// The movie with the fields the list leaves out; the movie itself by default.
  func details(for movie: Movie) async throws -> Movie

  /// The films like `movie`, one page of the server's choice, for a source that
  /// ``SourceCapabilities/findsSimilar``; the others refuse (``SourceRefusal/noSimilar``).
  func similar(to movie: Movie) async throws -> MoviePage
  /// The movie as the source has it now, looked up again (for a watchlist entry saved
  /// earlier); nil when the source cannot look one movie up. By default its details, for a
  /// source that has them.
  func current(_ movie: Movie) async throws -> Movie?
}
