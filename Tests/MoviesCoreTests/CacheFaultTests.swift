import Foundation
import Testing

@testable import MoviesCore

/// The disk cache failing must never stop a thumbnail from being saved, and a partial cache
/// file must never be used.
@Suite(.timeLimit(.minutes(1))) struct CacheFaultTests {
  private static let png = ImageSamples.png(width: 60, height: 90) + Data("rest".utf8)
  private static let movie = Movie(title: "Heat", thumbnail: "heat.png")

  private static func source() -> FakeMovieSource {
    FakeMovieSource(movies: [], thumbnails: ["heat.png": png])
  }

  @Test func anUnwritableCacheFolderStillSavesTheThumbnail() async throws {
    try await TemporaryFolder.with { root in
      // A file where the cache folder should be cannot be written, even by root.
      let cache = root.appendingPathComponent("cache")
      try Data("not a folder".utf8).write(to: cache)
      let store = ThumbnailStore(
        downloadFolder: root.appendingPathComponent("downloads"), cacheFolder: cache)

      let saved = try await store.save(Self.movie, row: 1, from: Self.source())

      #expect(FileManager.default.contents(atPath: saved.file.path) == Self.png)
      let problem = try #require(saved.cacheProblem)
      #expect(problem.remedy == .cacheFolder)
    }
  }

  @Test func aFullCacheStillSavesTheThumbnail() async throws {
    try await TemporaryFolder.with { root in
      var configuration = ThumbnailPipeline.Configuration()
      configuration.diskLimit = Self.png.count / 2
      let store = ThumbnailStore(
        downloadFolder: root.appendingPathComponent("downloads"),
        cacheFolder: root.appendingPathComponent("cache"), configuration: configuration)

      let saved = try await store.save(Self.movie, row: 1, from: Self.source())

      #expect(FileManager.default.contents(atPath: saved.file.path) == Self.png)
      #expect(saved.cacheProblem != nil)
      #expect(
        TemporaryFolder.names(in: root.appendingPathComponent("cache/thumbnails")).isEmpty)
    }
  }

  @Test func aHalfWrittenCacheFileIsReplacedByAFreshDownload() async throws {
    try await TemporaryFolder.with { root in
      let cache = root.appendingPathComponent("cache")
      let source = Self.source()
      let first = ThumbnailStore(
        downloadFolder: root.appendingPathComponent("first"), cacheFolder: cache)
      _ = try await first.save(Self.movie, row: 1, from: source)
      // Cut every cache file in half, as a crash in the middle of a plain write would.
      let folder = cache.appendingPathComponent("thumbnails")
      for name in TemporaryFolder.names(in: folder) {
        let file = folder.appendingPathComponent(name)
        let bytes = try Data(contentsOf: file)
        try bytes.prefix(bytes.count / 2).write(to: file)
      }

      let later = ThumbnailStore(
        downloadFolder: root.appendingPathComponent("later"), cacheFolder: cache)
      #expect(await later.cacheState(of: Self.movie, from: source) == .notCached)
      let saved = try await later.save(Self.movie, row: 1, from: source)

      #expect(saved.origin == .source)
      #expect(FileManager.default.contents(atPath: saved.file.path) == Self.png)
      #expect(source.thumbnailRequestCount == 2)
      let again = ThumbnailStore(
        downloadFolder: root.appendingPathComponent("later"), cacheFolder: cache)
      #expect(try await again.save(Self.movie, row: 1, from: source).origin == .diskCache)
    }
  }
}
