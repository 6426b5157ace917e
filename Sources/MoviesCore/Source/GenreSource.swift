/// Where the list of genres comes from, so `genre NAME` and `genres` work.
///
/// Kept apart from ``MovieSource`` because the Hoppin API has no documented genre list: the
/// offline catalogue has `genres.json`, and ``HoppinGenres`` asks a server's `/hoppin/genres`,
/// which the bundled test server offers and other servers may not.
public protocol GenreSource: Sendable {
  /// Every genre, in the source's order.
  func genres() async throws -> [Genre]
}
