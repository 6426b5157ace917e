import Foundation

/// A source that knows nothing of what was watched (TMDb, the offline catalogue, a Hoppin
/// API), with the library's diary laid over its rows: a film marked seen by hand is played
/// (`✓`), so its tables, `show N` and `find seen:no` say so. Everything else is the
/// source's own.
public struct DiarySource: MovieSource {
  /// The source under the diary.
  public let source: any MovieSource
  /// Where the diary is kept.
  public let library: any Library
  /// The source as the library records it (``RecordedSource``).
  public let sourceID: String

  /// `source` with the diary of `library` laid over its rows.
  public init(_ source: any MovieSource, library: any Library, sourceID: String) {
    self.source = source
    self.library = library
    self.sourceID = sourceID
  }

  /// The source's name.
  public var name: String { source.name }

  /// The source's, and rows that say whether each film was seen.
  public var capabilities: SourceCapabilities {
    var capabilities = source.capabilities
    capabilities.knowsSeen = true
    return capabilities
  }

  /// The source's page, with the diary's marks.
  public func page(_ number: Int, of query: MovieQuery) async throws -> MoviePage {
    var page = try await source.page(number, of: query)
    page.movies = await marked(page.movies)
    return page
  }

  /// The films as the diary has them; as they are when the diary cannot be read (a table
  /// without its marks is no reason to fail a page).
  func marked(_ movies: [Movie]) async -> [Movie] {
    guard !movies.isEmpty,
      let diary = try? await library.diary(
        source: sourceID, among: movies.map(WatchEntry.key(for:)))
    else { return movies }
    return movies.map(diary.applied(to:))
  }

  /// The source's.
  public func thumbnailURL(for reference: String) throws -> URL {
    try source.thumbnailURL(for: reference)
  }

  /// The source's.
  public func thumbnailData(at url: URL) async throws -> Data {
    try await source.thumbnailData(at: url)
  }

  /// The source's, with `seen:` checked here, against the diary's marks.
  public func resolvingFilters(of search: MovieSearch) async throws -> MovieSearch {
    var asked = search
    asked.played = nil
    var resolved = try await source.resolvingFilters(of: asked)
    resolved.played = search.played
    return resolved
  }

  /// The source's.
  public func searchQuery(for search: MovieSearch, from query: MovieQuery) -> ServerSearch? {
    source.searchQuery(for: search, from: query)
  }

  /// The source's details, with the diary's mark.
  public func details(for movie: Movie) async throws -> Movie {
    await marked([try await source.details(for: movie)])[0]
  }

  /// The source's films like `movie`, with the diary's marks.
  public func similar(to movie: Movie) async throws -> MoviePage {
    var page = try await source.similar(to: movie)
    page.movies = await marked(page.movies)
    return page
  }

  /// The source's: a series' seasons carry no marks.
  public func seasons(of series: Movie) async throws -> [Season] {
    try await source.seasons(of: series)
  }

  /// The source's, with the diary's mark.
  public func nextEpisode(of series: Movie) async throws -> Movie? {
    guard let next = try await source.nextEpisode(of: series) else { return nil }
    return await marked([next])[0]
  }

  /// The source's, with the diary's mark.
  public func current(_ movie: Movie) async throws -> Movie? {
    guard let current = try await source.current(movie) else { return nil }
    return await marked([current])[0]
  }
}
