import MoviesCore

extension CommandRunner {
  /// A runner for tests over a fresh browser of `source`: without prefetch unless asked, so
  /// a test sees exactly the requests its commands make, and with a thumbnail store that
  /// saves nothing unless one is given.
  init(
    testing source: any MovieSource, query: MovieQuery = MovieQuery(pageSize: 10),
    prefetches: Bool = false, thumbnails: ThumbnailStore = .unused,
    genreSource: (any GenreSource)? = nil, linkOpener: (any LinkOpener)? = nil,
    library: LibraryAccess = .off, sourceID: String = "offline"
  ) {
    self.init(
      browser: Browser(source: source, query: query, prefetches: prefetches),
      thumbnails: thumbnails, genreSource: genreSource, linkOpener: linkOpener,
      library: library, sourceID: sourceID)
  }
}
