import MoviesCore

/// What a source says no to about a series, the same way on every server: a season it does
/// not have, a TV library it does not have. A request that failed is the shared
/// ``SourceHTTP/Failure``.
public enum SeriesFailure: Swift.Error, Sendable, Hashable, SourceFailure {
  /// The server has no season `season` of `series` (on `server`, named for messages).
  case noSuchSeason(series: String, season: Int, server: String)
  /// The server has no TV library (a media server with no section of type `show`).
  case noTVLibrary(server: String)

  /// Asking again the same way will not help.
  public var kind: SourceFailureKind { .lasting }

  /// The season and the library are the user's to name.
  public var code: ErrorCode { .usage }

  /// What went wrong and what to do, in one sentence.
  public var message: String {
    switch self {
    case .noSuchSeason(let series, let season, let server):
      "\(server) has no season \(season) of \(TerminalText.escape(series)); 'show N' lists "
        + "the seasons it has."
    case .noTVLibrary(let server):
      "\(server) has no TV library, so it lists no series; 'films' goes back to its films."
    }
  }
}

extension LoadTarget {
  /// A series' seasons, for `episodes N` and `show N`.
  static let seasons = LoadTarget(.details, name: "the seasons")
  /// One season's episodes.
  static func episodes(page number: Int) -> LoadTarget {
    LoadTarget(.page(number), name: "the episodes (page \(number))")
  }
  /// A series' next episode, for `play N` on a series row.
  static let nextEpisode = LoadTarget(.details, name: "the next episode")
}
