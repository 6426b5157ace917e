import Foundation

/// A thumbnail that `thumb N` put in the download folder.
public struct SavedThumbnail: Sendable, Hashable {
  public var file: URL
  /// The bytes written to `file`, so the preview need not read the file back (shared with
  /// the memory cache, not copied).
  public var data: Data
  public var format: ImageFormat
  public var pixelSize: PixelSize?
  public var byteCount: Int
  public var origin: LoadedImage.Origin
  /// How long getting the bytes took this time.
  public var elapsed: Duration
  /// How long the first download took.
  public var downloadTime: Duration
  /// Why the image could not be cached on disk, when it could not: a warning, not a failure,
  /// which ``CommandResult/warnings(describedBy:)`` phrases.
  public var cacheProblem: DiskCache.Error?
  /// True when the bytes came from a local file (the offline catalogue), not the network.
  public var isLocal = false
}
