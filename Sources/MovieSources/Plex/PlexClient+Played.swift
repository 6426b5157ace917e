import Foundation
import MoviesCore

/// `seen N` and `unseen N` on Plex: `/:/scrobble` and `/:/unscrobble` with the film's
/// `ratingKey` and the library's identifier, the token in the header as every request has it.
/// A scrobbled film is watched from the start; an unscrobbled one unwatched, its place
/// forgotten.
extension PlexClient: PlayedMarking {
  /// Itself: a Plex server is told what was seen.
  public var playedMarker: (any PlayedMarking)? { self }

  /// Scrobbles or unscrobbles the film; the film played or not, from the start.
  public func mark(_ movie: Movie, played: Bool) async throws -> Movie {
    guard let key = PlexParser.number(movie.id) else {
      throw SeenError.noIdentity(title: movie.title)
    }
    let address = Self.address(
      server, played ? "/:/scrobble" : "/:/unscrobble",
      query: [
        URLQueryItem(name: "key", value: key),
        URLQueryItem(name: "identifier", value: Self.libraryIdentifier),
      ])
    _ = try await http.get(address, .seenMark, limits: http.limits(maxBytes: 1 << 16))
    let length = movie.playback?.length ?? movie.runningTime.map { $0 * 60 }
    return movie.changing { $0.playback = Playback(played: played, length: length) }
  }
}
