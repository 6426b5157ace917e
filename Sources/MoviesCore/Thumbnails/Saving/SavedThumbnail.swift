import Foundation

/// A thumbnail that `thumb N` put in the download folder.
public struct SavedThumbnail: Sendable, Hashable {
  /// Where it was saved, in the download folder.
  public var file: URL
  /// The bytes written to `file`, so the preview need not read the file back (shared with
  /// the memory cache, not copied).
  public var data: Data
  /// The format sniffed from the bytes.
  public var format: ImageFormat
  /// Its width and height from the image's header; nil when the header cannot be read.
  public var pixelSize: PixelSize?
  /// The file's size in bytes.
  public var byteCount: Int
  /// Where the bytes came from: downloaded, the disk cache or memory.
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
