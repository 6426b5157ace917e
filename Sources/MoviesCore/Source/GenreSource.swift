/// Where the list of genres comes from, so `genre NAME` and `genres` work.
///
/// Kept apart from ``MovieSource`` because the Hoppin API has no documented genre list: the
/// offline catalogue has `genres.json`, and ``HoppinGenres`` asks a server's `/hoppin/genres`,
/// which the bundled test server offers and other servers may not.
public protocol GenreSource: Sendable {
  /// Every genre, in the source's order.
  func genres() async throws -> [Genre]
  /// The genres of titles of `kind` (`.film` or `.series`): TMDb has a list for each
  /// (`/genre/movie/list`, `/genre/tv/list`). By default ``genres()`` for every kind.
  func genres(of kind: TitleKind) async throws -> [Genre]
}

extension GenreSource {
  /// The one list, whatever the kind.
  public func genres(of kind: TitleKind) async throws -> [Genre] { try await genres() }
}
