import Foundation
import MoviesCore

/// What `play N` tells a Jellyfin server. With a user's own token: a playing session, as
/// Jellyfin's clients report it (`POST /Sessions/Playing`, `…/Progress` about every ten
/// seconds, `…/Stopped`), whose stopped report the server turns into the user's data itself.
/// With an API key and `--jellyfin-user`, whose session has no user: that user's data,
/// written directly: the position (`/UserItems/{id}/UserData`), or the film played
/// (`/UserPlayedItems/{id}`) at 90 % or more; below 5 % nothing is written.
extension JellyfinClient: PlaybackReporting {
  /// Itself: a Jellyfin server is told what was played.
  public var playbackReporter: (any PlaybackReporting)? { self }

  /// The film as the server has it now (``item(_:_:)``), where to start above all.
  public func refreshed(_ movie: Movie) async throws -> Movie {
    guard let id = movie.id else { return movie }
    return try await item(id, .playbackPosition)
  }

  /// Tells the server where playing of `movie` is: a session's report, or the user's data.
  public func report(_ report: PlaybackReport, of movie: Movie) async throws {
    guard let id = movie.id else { return }
    if writesUserData {
      try await writeUserData(report, item: id)
    } else {
      try await reportSession(report, item: id)
    }
  }

  /// Jellyfin's `PlaybackStartInfo`, `PlaybackProgressInfo` or `PlaybackStopInfo`.
  private func reportSession(_ report: PlaybackReport, item id: String) async throws {
    var info: [String: Any] = ["ItemId": id, "PositionTicks": report.ticks]
    let path: String
    switch report.state {
    case .started:
      path = "Sessions/Playing"
      info["IsPaused"] = false
      info["CanSeek"] = true
      info["PlayMethod"] = "DirectPlay"
    case .playing, .paused:
      path = "Sessions/Playing/Progress"
      info["IsPaused"] = report.state == .paused
      info["CanSeek"] = true
      info["PlayMethod"] = "DirectPlay"
      info["EventName"] = report.state == .paused ? "Pause" : "TimeUpdate"
    case .stopped:
      path = "Sessions/Playing/Stopped"
    }
    _ = try await http.post(url(path), .playbackReport, json: try Self.json(info))
  }

  /// The user's data: the position while it plays and when it stops part-way, played when
  /// it stops at 90 % or more; nothing at the start, or below 5 %.
  private func writeUserData(_ report: PlaybackReport, item id: String) async throws {
    guard report.state != .started, !report.isBarelyStarted else { return }
    let user = [URLQueryItem(name: "userId", value: userID)]
    if report.isPlayedOut {
      // Played is said once, at the end; the position is Jellyfin's to reset.
      guard report.state == .stopped else { return }
      _ = try await paths.trying(
        current: url("UserPlayedItems/\(id)", user), older: url("Users/\(userID)/PlayedItems/\(id)")
      ) { address in try await http.post(address, .playbackReport) }
      return
    }
    let data = try Self.json(["PlaybackPositionTicks": report.ticks])
    _ = try await paths.trying(
      current: url("UserItems/\(id)/UserData", user),
      older: url("Users/\(userID)/Items/\(id)/UserData")
    ) { address in try await http.post(address, .playbackReport, json: data) }
  }

  private static func json(_ object: [String: Any]) throws -> Data {
    try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
  }

  private func url(_ path: String, _ query: [URLQueryItem] = []) -> URL {
    Self.address(server, path, query)
  }

}
