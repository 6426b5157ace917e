import Foundation

/// Loads thumbnail images lazily: from memory, else from the disk cache, else from the movie
/// source.
///
/// However many callers ask for one address at once, it is read or downloaded once and every
/// caller gets the result (coalescing). At most `maximumConcurrentDownloads` downloads run at a
/// time. A caller that is cancelled stops waiting at once; the download itself is cancelled
/// when nobody is waiting for it any more. Bytes are accepted only when their signature says
/// they are an image; anything else is refused and not cached.
public actor ThumbnailPipeline {
  /// How much to keep and how much to do at once.
  public struct Configuration: Sendable {
    /// The memory cache's limit in bytes; 64 MB by default.
    public var memoryLimit = 64 * 1_024 * 1_024
    /// The disk cache's limit in bytes; 256 MB by default.
    public var diskLimit = 256 * 1_024 * 1_024
    /// Downloads that may run at once; 6 by default.
    public var maximumConcurrentDownloads = 6

    /// The default limits.
    public init() {}
  }

  /// Why an image could not be loaded.
  public enum Error: Swift.Error, Sendable, Equatable, UserFacingError {
    case notAnImage(URL)

    /// The code `--json` reports it with.
    public var code: ErrorCode { .thumbnail }

    /// What went wrong and, where a command helps, what to type.
    public var message: String {
      switch self {
      case .notAnImage(let url):
        "\(url.lastPathComponent) is not a PNG, JPEG, GIF or WebP image, so nothing was saved."
      }
    }
  }

  /// One download (or disk read) shared by everyone waiting for its address.
  private struct Load {
    var id: UInt64
    var task: Task<Void, Never>
    var waiters: [UInt64: CheckedContinuation<LoadedImage, any Swift.Error>]
  }

  /// Nil when there is no disk cache this run (its folder could not be trusted).
  public let disk: DiskCache?
  private var memory: MemoryCache<URL, LoadedImage>
  let limit: ConcurrencyLimit
  private var loads: [URL: Load] = [:]
  private var nextID: UInt64 = 0

  /// A pipeline caching on disk in `cacheFolder`, within `configuration`'s limits.
  /// - Parameter cacheFolder: where the disk cache keeps its entries; nil for none.
  public init(cacheFolder: URL?, configuration: Configuration = Configuration()) {
    disk = cacheFolder.map { DiskCache(folder: $0, byteLimit: configuration.diskLimit) }
    memory = MemoryCache(byteLimit: configuration.memoryLimit)
    limit = ConcurrencyLimit(width: configuration.maximumConcurrentDownloads)
  }

  /// The image at an address, loading it if needed.
  public func image(at url: URL, from source: any MovieSource) async throws -> LoadedImage {
    let clock = ContinuousClock()
    let start = clock.now
    if var image = memory.value(for: url) {
      image.origin = .memoryCache
      image.elapsed = start.duration(to: clock.now)
      image.cacheProblem = nil
      return image
    }
    nextID += 1
    let waiter = nextID
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        guard !Task.isCancelled else {
          continuation.resume(throwing: CancellationError())
          return
        }
        var load = loads[url] ?? startLoad(url, from: source)
        load.waiters[waiter] = continuation
        loads[url] = load
      }
    } onCancel: {
      Task { await self.stopWaiting(waiter, for: url) }
    }
  }

  /// Whether an address is cached, without loading it or counting as a use.
  public func cacheState(of url: URL) async -> ThumbnailCacheState {
    if memory.contains(url) { return .inMemory }
    guard let disk else { return .notCached }
    return await Blocking.fileIO { disk.contains(url) } ? .onDisk : .notCached
  }

  /// A pipeline that goes away takes its downloads with it.
  deinit {
    for load in loads.values { load.task.cancel() }
  }

  /// How many callers wait for an address's load; for tests that need everyone in place.
  func waiterCount(for url: URL) -> Int { loads[url]?.waiters.count ?? 0 }

  private func startLoad(_ url: URL, from source: any MovieSource) -> Load {
    nextID += 1
    let id = nextID
    let task = Task { [disk, limit] in
      let result: Result<LoadedImage, any Swift.Error>
      do {
        result = .success(try await Self.fetch(url, from: source, disk: disk, limit: limit))
      } catch {
        result = .failure(error)
      }
      self.finish(id, for: url, with: result)
    }
    return Load(id: id, task: task, waiters: [:])
  }

  private func finish(_ id: UInt64, for url: URL, with result: Result<LoadedImage, any Swift.Error>)
  {
    // A load whose waiters all left was replaced or dropped; its result is not anyone's.
    guard let load = loads[url], load.id == id else { return }
    loads[url] = nil
    if case .success(let image) = result { memory.insert(image, cost: image.data.count, for: url) }
    for continuation in load.waiters.values { continuation.resume(with: result) }
  }

  private func stopWaiting(_ waiter: UInt64, for url: URL) {
    guard var load = loads[url], let continuation = load.waiters.removeValue(forKey: waiter) else {
      return
    }
    continuation.resume(throwing: CancellationError())
    if load.waiters.isEmpty {
      load.task.cancel()
      loads[url] = nil
    } else {
      loads[url] = load
    }
  }

  /// Reads the disk cache, else downloads (within the limit), checks and caches the bytes.
  private static func fetch(
    _ url: URL, from source: any MovieSource, disk: DiskCache?, limit: ConcurrencyLimit
  ) async throws -> LoadedImage {
    let clock = ContinuousClock()
    let start = clock.now
    if let disk, let entry = await Blocking.fileIO({ disk.read(url) }),
      let format = ImageFormat(sniffing: entry.data)
    {
      return LoadedImage(
        data: entry.data, format: format, pixelSize: format.pixelSize(of: entry.data),
        origin: .diskCache, elapsed: start.duration(to: clock.now),
        downloadTime: entry.downloadTime)
    }
    let (data, downloadTime) = try await limit.run {
      let started = clock.now
      let data = try await source.thumbnailData(at: url)
      return (data, started.duration(to: clock.now))
    }
    try Task.checkCancellation()
    guard let format = ImageFormat(sniffing: data) else { throw Error.notAnImage(url) }
    var cacheProblem: DiskCache.Error?
    if let disk {
      do {
        let entry = DiskCache.Entry(data: data, downloadTime: downloadTime)
        try await Blocking.fileIO { () throws(DiskCache.Error) in try disk.store(entry, for: url) }
      } catch {
        cacheProblem = error
      }
    }
    return LoadedImage(
      data: data, format: format, pixelSize: format.pixelSize(of: data), origin: .source,
      elapsed: start.duration(to: clock.now), downloadTime: downloadTime,
      cacheProblem: cacheProblem)
  }
}
