import Foundation
import TestSupport
import Testing

@testable import MoviesCore

@Suite(.timeLimit(.minutes(1))) struct ThumbnailPipelineTests {
  private static let png = ImageSamples.png(width: 60, height: 90)

  private func withPipeline(
    concurrency: Int = 6, _ body: (ThumbnailPipeline, FakeMovieSource) async throws -> Void
  ) async throws {
    try await TemporaryFolder.with { folder in
      var configuration = ThumbnailPipeline.Configuration()
      configuration.maximumConcurrentDownloads = concurrency
      let pipeline = ThumbnailPipeline(cacheFolder: folder, configuration: configuration)
      try await body(
        pipeline, FakeMovieSource(movies: [], thumbnailBody: Self.png, holdsDownloads: true))
    }
  }

  @Test func manyConcurrentLoadsOfOneAddressMakeOneRequest() async throws {
    try await withPipeline { pipeline, source in
      let url = try source.thumbnailURL(for: "poster.png")
      try await withThrowingTaskGroup(of: LoadedImage.self) { group in
        for _ in 0..<20 { group.addTask { try await pipeline.image(at: url, from: source) } }
        try #require(await eventually { await pipeline.waiterCount(for: url) == 20 })
        source.release()
        var images: [LoadedImage] = []
        for try await image in group { images.append(image) }
        #expect(images.count == 20)
        #expect(images.allSatisfy { $0.data == Self.png && $0.origin == .source })
      }
      #expect(source.thumbnailRequests == [url])
    }
  }

  @Test func downloadsRunAtMostTheConfiguredNumberAtOnce() async throws {
    try await withPipeline(concurrency: 3) { pipeline, source in
      let urls = try (1...10).map { try source.thumbnailURL(for: "\($0).png") }
      try await withThrowingTaskGroup(of: Void.self) { group in
        for url in urls { group.addTask { _ = try await pipeline.image(at: url, from: source) } }
        // Once all ten have arrived, before anything is let through: three run, seven wait.
        // (Waiting for "three run" instead would hang, not fail, if four were let in.)
        try #require(await eventually { await source.running + pipeline.limit.waitingCount == 10 })
        #expect(source.running == 3)
        #expect(await pipeline.limit.waitingCount == 7)
        #expect(source.thumbnailRequests.count == 3)
        source.release()
        try await group.waitForAll()
      }
      #expect(source.mostAtOnce == 3)
      #expect(Set(source.thumbnailRequests) == Set(urls))
      #expect(source.thumbnailRequests.count == 10)
    }
  }

  @Test func cancellingTheOnlyCallerCancelsTheDownload() async throws {
    try await withPipeline { pipeline, source in
      let url = try source.thumbnailURL(for: "poster.png")
      let task = Task { try await pipeline.image(at: url, from: source) }
      try #require(await eventually { source.running == 1 })
      task.cancel()
      await #expect(throws: CancellationError.self) { try await task.value }
      try #require(await eventually { source.cancelledDownloads == 1 })
      #expect(await pipeline.cacheState(of: url) == .notCached)
    }
  }

  @Test func cancellingOneCallerLeavesTheDownloadToTheOthers() async throws {
    try await withPipeline { pipeline, source in
      let url = try source.thumbnailURL(for: "poster.png")
      let leaving = Task { try await pipeline.image(at: url, from: source) }
      let staying = Task { try await pipeline.image(at: url, from: source) }
      try #require(await eventually { await pipeline.waiterCount(for: url) == 2 })
      leaving.cancel()
      await #expect(throws: CancellationError.self) { try await leaving.value }
      source.release()
      #expect(try await staying.value.data == Self.png)
      #expect(source.cancelledDownloads == 0)
      #expect(source.thumbnailRequests == [url])
    }
  }

  @Test func theSecondLoadComesFromMemoryThenANewPipelineReadsTheDisk() async throws {
    try await TemporaryFolder.with { folder in
      let source = FakeMovieSource(movies: [], thumbnailBody: Self.png, holdsDownloads: true)
      source.release()
      let url = try source.thumbnailURL(for: "poster.png")
      let first = ThumbnailPipeline(cacheFolder: folder)
      #expect(try await first.image(at: url, from: source).origin == .source)
      #expect(await first.cacheState(of: url) == .inMemory)
      #expect(try await first.image(at: url, from: source).origin == .memoryCache)

      let restarted = ThumbnailPipeline(cacheFolder: folder)
      #expect(await restarted.cacheState(of: url) == .onDisk)
      let fromDisk = try await restarted.image(at: url, from: source)
      #expect(fromDisk.origin == .diskCache)
      #expect(fromDisk.data == Self.png)
      #expect(fromDisk.pixelSize == PixelSize(width: 60, height: 90))
      #expect(source.thumbnailRequests == [url])
    }
  }

  @Test func aBodyThatIsNotAnImageIsRefusedAndNotCached() async throws {
    try await TemporaryFolder.with { folder in
      let source = FakeMovieSource(
        movies: [], thumbnailBody: Data("<html>404</html>".utf8), holdsDownloads: true)
      source.release()
      let url = try source.thumbnailURL(for: "poster.png")
      let pipeline = ThumbnailPipeline(cacheFolder: folder)
      await #expect(throws: ThumbnailPipeline.Error.notAnImage(url)) {
        try await pipeline.image(at: url, from: source)
      }
      #expect(await pipeline.cacheState(of: url) == .notCached)
      #expect(TemporaryFolder.names(in: folder).isEmpty)
    }
  }
}
