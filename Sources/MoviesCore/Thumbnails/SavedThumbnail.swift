import Foundation

/// A thumbnail that `thumb N` put in the download folder.
public struct SavedThumbnail: Sendable, Hashable {
  /// Where the bytes came from.
  public enum Origin: Sendable, Hashable {
    /// Loaded from the source, taking this long.
    case source(Duration)
    /// Read from the disk cache; no request was made.
    case diskCache
  }

  public var file: URL
  public var format: ImageFormat
  public var byteCount: Int
  public var origin: Origin
}
