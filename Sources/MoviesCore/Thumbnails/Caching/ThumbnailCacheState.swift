/// Whether a movie's thumbnail is cached, for `show N`.
public enum ThumbnailCacheState: Sendable, Hashable {
  /// In memory (and so on disk too, unless the disk cache could not be written).
  case inMemory
  /// In the disk cache: `thumb N` makes no request.
  case onDisk
  /// Not cached: `thumb N` downloads it.
  case notCached
  /// The movie has no thumbnail this source will load.
  case unavailable
}

extension ThumbnailCacheState {
  /// The state as JSON output spells it.
  public var name: String {
    switch self {
    case .inMemory: "memory"
    case .onDisk: "disk"
    case .notCached: "none"
    case .unavailable: "unavailable"
    }
  }
}
