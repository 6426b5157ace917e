import Foundation
import MoviesCore

/// `seen N` and `unseen N` on Jellyfin: the user's played items, `POST` and `DELETE
/// /UserPlayedItems/{id}?userId=` (10.9), or `/Users/{userId}/PlayedItems/{id}` before it.
/// Written as the user's data, so an API key (whose session has no user) marks
/// `--jellyfin-user`'s films as a user's token marks its own.
extension JellyfinClient: PlayedMarking {
  /// Itself: a Jellyfin server is told what was seen.
  public var playedMarker: (any PlayedMarking)? { self }

  /// Marks the film played or not; the film with the user's data the server answers
  /// (`UserItemDataDto`), or, when the answer says nothing, played or not from the start.
  public func mark(_ movie: Movie, played: Bool) async throws -> Movie {
    guard let id = movie.id else { throw SeenError.noIdentity(title: movie.title) }
    let current = Self.address(
      server, "UserPlayedItems/\(id)", [URLQueryItem(name: "userId", value: userID)])
    let older = Self.address(server, "Users/\(userID)/PlayedItems/\(id)")
    let answer = try await paths.trying(current: current, older: older) { address in
      played
        ? try await http.post(address, .seenMark) : try await http.delete(address, .seenMark)
    }
    let length = movie.playback?.length ?? movie.runningTime.map { $0 * 60 }
    let data = (try? JSONSerialization.jsonObject(with: answer)) as? [String: Any]
    let playback = Playback(
      played: data?["Played"] as? Bool ?? played,
      position: (LooseValue.integer(data?["PlaybackPositionTicks"]) ?? 0)
        / JellyfinItemParser.ticksPerSecond,
      length: length)
    return movie.changing { $0.playback = playback }
  }
}
