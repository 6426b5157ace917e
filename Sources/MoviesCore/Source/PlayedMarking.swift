/// A media server that is told by hand that a film was seen or not (`seen N`, `unseen N`):
/// its user's played items, or its scrobble. A source without one keeps a diary in the
/// library file instead (``DiarySource``).
public protocol PlayedMarking: Sendable {
  /// Marks `movie` played (`played` true) or not on the server; returns it with the
  /// playback the server keeps now.
  func mark(_ movie: Movie, played: Bool) async throws -> Movie
}
