import Foundation
import MoviesCore

/// A film's tracks on Plex: the `Stream` entries of its first part (`streamType` 2 audio, 3
/// subtitles), read from `/library/metadata/{ratingKey}`. An external subtitle track is one
/// with a `key` (`/library/streams/{id}`), fetched there with the token in its header.
extension PlexClient: TrackListing {
  /// Plex's `streamType` of an audio track.
  static let audioStreamType = 2
  /// Plex's `streamType` of a subtitle track.
  static let subtitleStreamType = 3

  /// Itself: Plex lists each film's tracks.
  public var trackListing: (any TrackListing)? { self }

  /// The film's audio and subtitle tracks, as the server lists them.
  public func tracks(of movie: Movie) async throws -> MediaTracks {
    guard let key = PlexParser.number(movie.id) else { return MediaTracks([]) }
    let url = Self.address(server, "/library/metadata/\(key)")
    let data = try await http.get(url, .tracks, limits: http.limits(maxBytes: 1 << 20))
    guard let root = JSONDocument.parse(data)?.root as? [String: Any],
      let container = root["MediaContainer"] as? [String: Any]
    else { throw http.unusable(.unreadable("it is not Plex's JSON"), .tracks) }
    let entry = (container["Metadata"] as? [Any])?.first as? [String: Any]
    return MediaTracks(Self.tracks(in: entry ?? [:], server: server))
  }

  /// An external subtitle track's file, with the token in the header alone.
  public func subtitleFile(_ track: MediaTrack) async throws -> Data {
    guard let url = track.fetch else { return Data() }
    return try await http.get(
      url, .subtitleFile, limits: http.limits(maxBytes: TrackFields.subtitleLimit))
  }

  /// The audio and subtitle tracks of a film's metadata `entry`, on `server`.
  static func tracks(in entry: [String: Any], server: URL) -> [MediaTrack] {
    let media = (entry["Media"] as? [Any])?.first as? [String: Any]
    let part = (media?["Part"] as? [Any])?.first as? [String: Any]
    return (part?["Stream"] as? [Any] ?? []).compactMap { entry in
      guard let stream = entry as? [String: Any] else { return nil }
      let kind: MediaTrack.Kind
      switch LooseValue.integer(stream["streamType"]) {
      case audioStreamType: kind = .audio
      case subtitleStreamType: kind = .subtitles
      default: return nil
      }
      // Only a path on this server: a key that names another host is not fetched.
      let path =
        kind == .subtitles ? LooseValue.text(stream["key"]).flatMap(PlexParser.serverPath) : nil
      return MediaTrack(
        kind: kind,
        language: TrackFields.language(stream["languageCode"])
          ?? TrackFields.language(stream["languageTag"]),
        title: TrackFields.title(stream["title"]) ?? TrackFields.title(stream["displayTitle"]),
        codec: TrackFields.codec(stream["codec"]), isDefault: TrackFields.flag(stream["default"]),
        isExternal: path != nil, fetch: path.map { address(server, $0) })
    }
  }
}
