import Foundation
import MoviesCore

/// What `play N` tells a Plex server, as Plex's own players do: the timeline
/// (`/:/timeline`, `playing` or `paused` about every ten seconds, `stopped` at the end, with
/// the position and the length in milliseconds), and at 90 % or more the film scrobbled
/// (`/:/scrobble`), which marks it watched.
extension PlexClient: PlaybackReporting {
  /// The library every film here is in, as `/:/scrobble` names it.
  static let libraryIdentifier = "com.plexapp.plugins.library"

  /// Itself: a Plex server is told what was played.
  public var playbackReporter: (any PlaybackReporting)? { self }

  /// `/library/metadata/{ratingKey}` again: where the server says it stopped, now.
  public func refreshed(_ movie: Movie) async throws -> Movie {
    try await metadata(of: movie, .playbackPosition)
  }

  /// One timeline report; the scrobble after a stop at 90 % or more.
  public func report(_ report: PlaybackReport, of movie: Movie) async throws {
    guard let key = PlexParser.number(movie.id) else { return }
    let metadata = "/library/metadata/\(key)"
    let state =
      switch report.state {
      case .started, .playing: "playing"
      case .paused: "paused"
      case .stopped: "stopped"
      }
    let timeline = Self.address(
      server, "/:/timeline",
      query: [
        URLQueryItem(name: "ratingKey", value: key), URLQueryItem(name: "key", value: metadata),
        URLQueryItem(name: "state", value: state),
        URLQueryItem(name: "time", value: String(report.milliseconds)),
        URLQueryItem(name: "duration", value: String(report.lengthMilliseconds)),
      ])
    let limits = http.limits(maxBytes: 1 << 16)
    _ = try await http.get(timeline, .playbackReport, limits: limits)
    guard report.state == .stopped, report.isPlayedOut else { return }
    let scrobble = Self.address(
      server, "/:/scrobble",
      query: [
        URLQueryItem(name: "key", value: key),
        URLQueryItem(name: "identifier", value: Self.libraryIdentifier),
      ])
    _ = try await http.get(scrobble, .playbackReport, limits: limits)
  }
}
