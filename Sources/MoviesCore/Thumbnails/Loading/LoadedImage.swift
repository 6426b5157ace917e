import Foundation

/// An image the pipeline loaded, with where it came from.
public struct LoadedImage: Sendable, Hashable {
  /// Where the bytes came from.
  public enum Origin: Sendable, Hashable {
    /// Downloaded from the movie source (the network, or the offline catalogue).
    case source
    /// Read from the disk cache; no request was made.
    case diskCache
    /// Already in memory; no request was made and no file was read.
    case memoryCache
  }

  /// The image's bytes.
  public var data: Data
  /// Sniffed from the bytes.
  public var format: ImageFormat
  /// From the image's header; nil when the header cannot be read.
  public var pixelSize: PixelSize?
  /// Where the bytes came from.
  public var origin: Origin
  /// How long this load took.
  public var elapsed: Duration
  /// How long the download took when the image was first fetched: what a cache hit saved.
  public var downloadTime: Duration
  /// Why the image could not be put in the disk cache, when it could not.
  public var cacheProblem: DiskCache.Error?
}
