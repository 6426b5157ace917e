import Foundation
import MoviesCore

/// A film's tracks on Jellyfin: the `MediaStreams` of its first media source (`Type` `Audio`
/// or `Subtitle`), read from `/Items/{id}`; an external subtitle track is fetched at
/// `/Videos/{id}/{mediaSourceId}/Subtitles/{index}/Stream.{format}`, an address made here
/// from the parts, never the `DeliveryUrl` the server sends (which may carry an `api_key`).
extension JellyfinClient: TrackListing {
  /// Itself: Jellyfin lists each film's tracks.
  public var trackListing: (any TrackListing)? { self }

  /// The film's audio and subtitle tracks, as the server lists them.
  public func tracks(of movie: Movie) async throws -> MediaTracks {
    guard let id = movie.id else { return MediaTracks([]) }
    let fields = URLQueryItem(name: "Fields", value: "MediaSources,MediaStreams")
    let data = try await paths.trying(
      current: Self.address(
        server, "Items/\(id)", [URLQueryItem(name: "userId", value: userID), fields]),
      older: Self.address(server, "Users/\(userID)/Items/\(id)", [fields])
    ) { address in
      try await http.get(address, .tracks, limits: pageLimits)
    }
    guard let item = JSONDocument.parse(data)?.root as? [String: Any] else {
      throw http.unusable(.unreadable("it is not JSON"), .tracks)
    }
    return MediaTracks(Self.tracks(in: item, server: server, item: id))
  }

  /// An external subtitle track's file, with the token in the header alone.
  public func subtitleFile(_ track: MediaTrack) async throws -> Data {
    guard let url = track.fetch else { return Data() }
    return try await http.get(
      url, .subtitleFile, limits: http.limits(maxBytes: TrackFields.subtitleLimit))
  }

  /// The audio and subtitle tracks of `item` (a `BaseItemDto`), `id` on `server`.
  static func tracks(in item: [String: Any], server: URL, item id: String) -> [MediaTrack] {
    let source = (item["MediaSources"] as? [Any])?.first as? [String: Any]
    let sourceID = JellyfinItemParser.identifier(source?["Id"]) ?? id
    let streams = (source?["MediaStreams"] ?? item["MediaStreams"]) as? [Any] ?? []
    return streams.compactMap { entry in
      guard let stream = entry as? [String: Any] else { return nil }
      let kind: MediaTrack.Kind
      switch LooseValue.text(stream["Type"]) {
      case "Audio": kind = .audio
      case "Subtitle": kind = .subtitles
      default: return nil
      }
      let external = kind == .subtitles && TrackFields.flag(stream["IsExternal"])
      let codec = TrackFields.codec(stream["Codec"])
      var fetch: URL?
      if external, let index = LooseValue.integer(stream["Index"]), (0...9999).contains(index) {
        let format = StreamRequest.SubtitleFile(data: Data(), format: codec).format
        fetch = address(server, "Videos/\(id)/\(sourceID)/Subtitles/\(index)/Stream.\(format)")
      }
      return MediaTrack(
        kind: kind, language: TrackFields.language(stream["Language"]),
        title: TrackFields.title(stream["Title"]) ?? TrackFields.title(stream["DisplayTitle"]),
        codec: codec, isDefault: TrackFields.flag(stream["IsDefault"]), isExternal: external,
        fetch: fetch)
    }
  }
}
