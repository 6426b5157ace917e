/// Plays a film's stream (`mpv`), for `play N`. The executable provides it; without one,
/// `play N` says how to get one.
public protocol MediaPlayer: Sendable {
  /// Plays until the player exits; returns its exit status (0 when it played).
  func play(_ stream: StreamRequest) async throws -> Int32
}

/// A source whose films can be played: it says where each one's stream is.
public protocol StreamSource: Sendable {
  /// The film's stream, the headers it needs and where to start; nil when it has none.
  func stream(for movie: Movie) -> StreamRequest?
  /// The engine the stream's first answer is asked through, before a player gets its address
  /// (see ``StreamRequest/resolved(through:)``).
  var engine: HTTPEngine { get }
}
