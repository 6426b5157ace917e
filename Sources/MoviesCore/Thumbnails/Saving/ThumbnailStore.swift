import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Saves thumbnails into the download folder, loading them through a ``ThumbnailPipeline``
/// (memory cache, disk cache that survives restarts, one download per address).
///
/// Nothing is fetched until ``save(_:row:from:)`` is called for a movie. Bytes that are not an
/// image are refused and nothing is written.
public struct ThumbnailStore: Sendable {
  /// Why a thumbnail could not be saved.
  public enum Error: Swift.Error, Sendable, UserFacingError {
    case noThumbnail(row: RowLabel)
    /// The source says in its own words that it has no image for the movie.
    case noneAtSource(row: RowLabel, message: String)
    case notAnImage(row: RowLabel)
    case cannotWrite(path: String, reason: String)

    /// The code `--json` reports it with.
    public var code: ErrorCode { .thumbnail }

    /// A setting the user may change to get past the error; nil when none helps.
    public var remedy: Remedy? {
      if case .cannotWrite = self { return .downloadFolder }
      return nil
    }

    /// What went wrong and, where a command helps, what to type.
    public var message: String {
      switch self {
      case .noThumbnail(let row):
        "\(row.spoken(capitalized: true)) has no thumbnail address."
      case .noneAtSource(let row, let message):
        "\(row.spoken(capitalized: true)): \(message)"
      case .notAnImage(let row):
        "The thumbnail of \(row.spoken()) is not a PNG, JPEG, GIF or WebP image, so nothing was saved."
      case .cannotWrite(let path, let reason):
        "Could not write \(path): \(reason)."
      }
    }
  }

  /// Where `thumb N` puts files.
  public let downloadFolder: URL
  /// Where downloaded images are kept between runs (in its `thumbnails/` subfolder); nil
  /// when they are not kept this run.
  public let cacheFolder: URL?
  /// The memory cache, the disk cache and the downloads every thumbnail goes through.
  public let pipeline: ThumbnailPipeline
  private let sweeper = Sweeper()

  /// Saves into `downloadFolder`, caching images under `cacheFolder`'s `thumbnails/`.
  public init(
    downloadFolder: URL, cacheFolder: URL?,
    configuration: ThumbnailPipeline.Configuration = ThumbnailPipeline.Configuration()
  ) {
    self.downloadFolder = downloadFolder
    self.cacheFolder = cacheFolder
    self.pipeline = ThumbnailPipeline(
      cacheFolder: cacheFolder?.appendingPathComponent("thumbnails", isDirectory: true),
      configuration: configuration)
  }

  /// The folder the cache keeps its entries in: `thumbnails/` in the cache folder.
  public var cacheEntriesFolder: URL? {
    cacheFolder?.appendingPathComponent("thumbnails", isDirectory: true)
  }

  /// True when the download folder is the cache's entries folder or inside it, where saved
  /// files would sit among the cache's own; such a setup is refused. Symlinks in the
  /// existing part of either path are followed.
  public var downloadFolderIsInCache: Bool {
    guard let entries = cacheEntriesFolder else { return false }
    let downloads = Self.canonicalPath(downloadFolder)
    let cache = Self.canonicalPath(entries)
    return downloads == cache || downloads.hasPrefix(cache == "/" ? "/" : cache + "/")
  }

  /// The absolute path with symlinks resolved as far as the folders exist.
  static func canonicalPath(_ url: URL) -> String {
    var missing: [String] = []
    var existing = url.standardizedFileURL
    while true {
      if let resolved = realpath(existing.path, nil) {
        defer { free(resolved) }
        return missing.reduce(String(cString: resolved)) { $0 == "/" ? "/" + $1 : $0 + "/" + $1 }
      }
      guard existing.path != "/" else { return url.standardizedFileURL.path }
      missing.insert(existing.lastPathComponent, at: 0)
      existing.deleteLastPathComponent()
    }
  }

  /// Saves the thumbnail of the movie `row` names, in a file named after it (`3-…`, `w3-…`).
  public func save(_ movie: Movie, row: RowLabel, from source: any MovieSource)
    async throws -> SavedThumbnail
  {
    guard let reference = movie.thumbnail else {
      throw source.capabilities.noThumbnailMessage.map { Error.noneAtSource(row: row, message: $0) }
        ?? Error.noThumbnail(row: row)
    }
    let url = try source.thumbnailURL(for: reference)
    let image: LoadedImage
    do {
      image = try await pipeline.image(at: url, from: source)
    } catch ThumbnailPipeline.Error.notAnImage {
      throw Error.notAnImage(row: row)
    }
    try Task.checkCancellation()
    let data = image.data
    let (title, movieID, format) = (movie.title, movie.id, image.format)
    let file = try await Blocking.fileIO { () throws(Error) in
      try place(data) { attempt in
        DownloadName.make(
          row: row.number, label: row.kind.prefix, title: title, movieID: movieID, format: format,
          attempt: attempt)
      }
    }
    return SavedThumbnail(
      file: file, data: data, format: image.format, pixelSize: image.pixelSize,
      byteCount: image.data.count,
      origin: image.origin, elapsed: image.elapsed, downloadTime: image.downloadTime,
      cacheProblem: image.cacheProblem, isLocal: url.isFileURL)
  }

  /// Whether a movie's thumbnail is cached; loads nothing.
  public func cacheState(of movie: Movie, from source: any MovieSource) async
    -> ThumbnailCacheState
  {
    guard let reference = movie.thumbnail, let url = try? source.thumbnailURL(for: reference)
    else { return .unavailable }
    return await pipeline.cacheState(of: url)
  }

  /// Writes the bytes under the first free name, never replacing a file that is there.
  ///
  /// The bytes go to a ``StagedFile`` first (unnamed where the file system allows) and are
  /// then hard-linked to the final name, which fails instead of overwriting when the name is
  /// taken (also by a planted symlink), so a killed write never leaves a partial file under
  /// the final name, nor a temporary one. A file that already holds
  /// the same bytes (a second `thumb N`) is reused.
  private func place(_ data: Data, name: (Int) -> String) throws(Error) -> URL {
    let folder = downloadFolder
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw Error.cannotWrite(path: folder.path, reason: "the folder cannot be created")
    }
    sweeper.sweepOnce(folder)
    guard let staged = StagedFile(data, in: folder) else {
      // A full disk is not a folder that cannot be written: the remedy differs.
      let reason =
        switch errno {
        case ENOSPC, EDQUOT: "the disk is full (nothing was left there)"
        case EACCES, EPERM, EROFS: "the folder is not writable"
        case let number: String(cString: strerror(number))
        }
      throw Error.cannotWrite(path: folder.path, reason: reason)
    }
    defer { staged.discard() }
    for attempt in 1...1000 {
      let target = folder.appendingPathComponent(name(attempt))
      if Self.isRegularFile(target), FileManager.default.contents(atPath: target.path) == data {
        return target
      }
      let failure = staged.link(as: target.path)
      if failure == 0 { return target }
      guard failure == EEXIST else {
        throw Error.cannotWrite(path: target.path, reason: String(cString: strerror(failure)))
      }
    }
    throw Error.cannotWrite(path: folder.path, reason: "too many files share this name")
  }

  /// Sweeps the download folder for stale temporary files once per process, at the first
  /// save, rather than listing it at every start.
  private final class Sweeper: Sendable {
    private let done = Mutex(false)

    func sweepOnce(_ folder: URL) {
      let first = done.withLock { done in
        defer { done = true }
        return !done
      }
      guard first else { return }
      StagedFile.sweep(folder)
    }
  }

  /// True for a plain file; false for a symlink, whatever it points at.
  private static func isRegularFile(_ url: URL) -> Bool {
    var status = stat()
    return lstat(url.path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
  }
}
