import Foundation

/// A source that knows a film's audio and subtitle tracks (``StreamSource/trackListing``):
/// a media server, which read them from the file. `tracks N` lists them, and `play N
/// audio:… sub:…` finds the one asked for among them.
public protocol TrackListing: Sendable {
  /// The film's tracks as the server lists them.
  func tracks(of movie: Movie) async throws -> MediaTracks
  /// An external subtitle track's file, fetched with the stream's credential in a header.
  func subtitleFile(_ track: MediaTrack) async throws -> Data
}
