import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Saves thumbnails into the download folder, through a disk cache that survives restarts.
///
/// Nothing is fetched until ``save(_:row:from:)`` is called for a movie. A cached image is read
/// from the cache folder and makes no request. Bytes that are not an image are refused and
/// nothing is written.
public struct ThumbnailStore: Sendable {
  /// Why a thumbnail could not be saved.
  public enum Error: Swift.Error, Sendable {
    case noThumbnail(row: Int)
    case notAnImage(row: Int)
    case cannotWrite(path: String, reason: String)

    public var message: String {
      switch self {
      case .noThumbnail(let row):
        "Row \(row) has no thumbnail address."
      case .notAnImage(let row):
        "The thumbnail of row \(row) is not a PNG, JPEG, GIF or WebP image, so nothing was saved."
      case .cannotWrite(let path, let reason):
        "Could not write \(path): \(reason). Check the folder or pick another with --download-dir."
      }
    }
  }

  /// Where `thumb N` puts files.
  public let downloadFolder: URL
  /// Where downloaded images are kept between runs (in its `thumbnails/` subfolder).
  public let cacheFolder: URL

  public init(downloadFolder: URL, cacheFolder: URL) {
    self.downloadFolder = downloadFolder
    self.cacheFolder = cacheFolder
  }

  public func save(_ movie: Movie, row: Int, from source: some MovieSource) async throws
    -> SavedThumbnail
  {
    guard let reference = movie.thumbnail else { throw Error.noThumbnail(row: row) }
    let url = try source.thumbnailURL(for: reference)
    let cacheFile = cacheFolder.appendingPathComponent("thumbnails", isDirectory: true)
      .appendingPathComponent(Self.cacheKey(for: url))

    let data: Data
    let origin: SavedThumbnail.Origin
    if let cached = FileManager.default.contents(atPath: cacheFile.path),
      ImageFormat(sniffing: cached) != nil
    {
      data = cached
      origin = .diskCache
    } else {
      let clock = ContinuousClock()
      let start = clock.now
      data = try await source.thumbnailData(at: url)
      try Task.checkCancellation()
      origin = .source(start.duration(to: clock.now))
    }
    guard let format = ImageFormat(sniffing: data) else { throw Error.notAnImage(row: row) }
    if origin != .diskCache { storeInCache(data, at: cacheFile) }

    let file = try place(data) { attempt in
      DownloadName.make(row: row, title: movie.title, format: format, attempt: attempt)
    }
    return SavedThumbnail(file: file, format: format, byteCount: data.count, origin: origin)
  }

  /// The cache is an optimisation: when it cannot be written the thumbnail is still saved.
  private func storeInCache(_ data: Data, at file: URL) {
    try? FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? data.write(to: file, options: .atomic)
  }

  /// Writes the bytes under the first free name, never replacing a file that is there.
  ///
  /// The bytes go to a temporary file first and are then hard-linked to the final name, which
  /// fails instead of overwriting when the name is taken (also by a planted symlink), so a
  /// killed write never leaves a partial file under the final name. A file that already holds
  /// the same bytes (a second `thumb N`) is reused.
  private func place(_ data: Data, name: (Int) -> String) throws -> URL {
    let folder = downloadFolder
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw Error.cannotWrite(path: folder.path, reason: "the folder cannot be created")
    }
    let temporary = folder.appendingPathComponent(".movies-\(UUID().uuidString).part")
    do {
      try data.write(to: temporary)
    } catch {
      throw Error.cannotWrite(path: folder.path, reason: "the folder is not writable")
    }
    defer { unlink(temporary.path) }
    for attempt in 1...1000 {
      let target = folder.appendingPathComponent(name(attempt))
      if Self.isRegularFile(target), FileManager.default.contents(atPath: target.path) == data {
        return target
      }
      if link(temporary.path, target.path) == 0 { return target }
      guard errno == EEXIST else {
        throw Error.cannotWrite(path: target.path, reason: String(cString: strerror(errno)))
      }
    }
    throw Error.cannotWrite(path: folder.path, reason: "too many files share this name")
  }

  /// True for a plain file; false for a symlink, whatever it points at.
  private static func isRegularFile(_ url: URL) -> Bool {
    var status = stat()
    return lstat(url.path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
  }

  /// A stable file name for an address: 64-bit FNV-1a of the URL, in hex.
  static func cacheKey(for url: URL) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in url.absoluteString.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
