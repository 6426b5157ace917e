import Foundation
import Synchronization
import TestSupport
import Testing

@testable import MoviesCore

@Suite(.timeLimit(.minutes(1))) struct ThumbnailBatchTests {
  private static let layout = TextRenderer.Layout(width: 80, palette: .plain)

  /// 15 movies with PNG thumbnails, except row 4, whose thumbnail is a web page.
  private static func source() -> FakeMovieSource {
    var thumbnails: [String: Data] = [:]
    let movies = (1...15).map { number in
      thumbnails["\(number).png"] =
        number == 4 ? Data("<html>".utf8) : ImageSamples.png(width: number, height: 10)
      return Movie(title: "Movie \(number)", thumbnail: "posters/\(number).png")
    }
    return FakeMovieSource(movies: movies, thumbnails: thumbnails)
  }

  private func withRunner(_ body: (CommandRunner, FakeMovieSource, URL) async throws -> Void)
    async throws
  {
    try await TemporaryFolder.with { root in
      let source = Self.source()
      let store = ThumbnailStore(
        downloadFolder: root.appendingPathComponent("downloads"),
        cacheFolder: root.appendingPathComponent("cache"))
      let runner = CommandRunner(testing: source, prefetches: true, thumbnails: store)
      _ = await runner.execute(.more)
      try await body(runner, source, store.downloadFolder)
    }
  }

  @Test func aRangeSavesEachRowOnceAndReportsFailuresByRow() async throws {
    try await withRunner { runner, source, downloads in
      let progress = ProgressLog()
      let result = await runner.execute(.thumbs(.range(2...6)), progress: progress.record)
      guard let batch = try? result.outcome.get() as? ThumbnailBatch else {
        Issue.record("expected a batch, got \(result.outcome)")
        return
      }
      #expect(batch.rows == [2, 3, 4, 5, 6])
      #expect(Set(batch.saved.keys) == [2, 3, 5, 6])
      #expect(Array(batch.failures.keys) == [4])
      #expect(source.thumbnailRequestCount == 5)
      #expect(TemporaryFolder.names(in: downloads).count == 4)
      #expect(progress.steps.last == ProgressLog.Step(done: 5, total: 5))
      #expect(progress.steps.map(\.done) == Array(0...5))

      let reply = TextRenderer(layout: Self.layout).render(result)
      #expect(reply.output.hasPrefix("Saved 4 of 5 thumbnails"))
      #expect(reply.output.contains("4 downloaded"))
      #expect(reply.warnings.contains { $0.hasPrefix("Row 4: ") })
      #expect(reply.error != nil)
    }
  }

  @Test func allAfterFindSavesTheMatchesInViewNotTheRowsItLoaded() async throws {
    try await withRunner { runner, source, downloads in
      // Rows 11 to 15 load with the search; rows 1, 10, 11 and 12 to 15 match "1".
      _ = await runner.execute(.find("movie 1"))
      let result = await runner.execute(.thumbs(.all))
      guard let batch = try? result.outcome.get() as? ThumbnailBatch else {
        Issue.record("expected a batch, got \(result.outcome)")
        return
      }
      #expect(batch.rows == [1, 10, 11, 12, 13, 14, 15])
      #expect(source.thumbnailRequestCount == 7)
      #expect(TemporaryFolder.names(in: downloads).count == 7)
    }
  }

  @Test func allOverTheLimitIsRefusedUnlessConfirmedAndWithNothingInView() async throws {
    try await TemporaryFolder.with { root in
      let source = FakeMovieSource(movieCount: ThumbRows.askAbove + 1)
      let store = ThumbnailStore(
        downloadFolder: root.appendingPathComponent("downloads"),
        cacheFolder: root.appendingPathComponent("cache"))
      let runner = CommandRunner(
        testing: source, query: MovieQuery(pageSize: 50), prefetches: true, thumbnails: store)
      func failure(_ result: CommandResult) -> ThumbRows.Error? {
        guard case .failure(let error) = result.outcome else { return nil }
        return error as? ThumbRows.Error
      }
      let empty = await runner.execute(.thumbs(.all))
      #expect(failure(empty) == .nothingInView)
      _ = await runner.execute(.morePages(3))
      let refused = await runner.execute(.thumbs(.all))
      #expect(failure(refused) == .tooMany(ThumbRows.askAbove + 1, .row))
      #expect(source.thumbnailRequestCount == 0)
      // A range is the script's way to say it wants them all.
      let named = try? await runner.thumbnailRows(.range(1...200))
      #expect(named?.count == ThumbRows.askAbove + 1)
      let confirmed = await runner.execute(.thumbs(.all), confirmed: true)
      guard let batch = try? confirmed.outcome.get() as? ThumbnailBatch else {
        Issue.record("expected a batch, got \(confirmed.outcome)")
        return
      }
      #expect(batch.rows.count == ThumbRows.askAbove + 1)
    }
  }

  @Test func allSavesEveryLoadedRowAndASecondRunMakesNoRequest() async throws {
    try await withRunner { runner, source, downloads in
      _ = await runner.execute(.thumbs(.all))
      #expect(source.thumbnailRequestCount == 10)
      let second = await runner.execute(.thumbs(.all))
      // Only row 4 is asked for again: a body that is not an image is never cached.
      #expect(source.thumbnailRequestCount == 11)
      let reply = TextRenderer(layout: Self.layout).render(second)
      #expect(reply.output.contains("9 from memory"))
      #expect(TemporaryFolder.names(in: downloads).count == 9)
    }
  }

  @Test func aRangePastTheLoadedRowsFailsWithoutARequest() async throws {
    try await withRunner { runner, source, _ in
      let result = await runner.execute(.thumbs(.range(11...12)))
      guard case .failure(let error) = result.outcome else {
        Issue.record("expected a failure")
        return
      }
      #expect(ErrorDescriber.plain.message(for: error).contains("There is no row 11"))
      #expect(source.thumbnailRequestCount == 0)
    }
  }

  @Test func aRangeRunningPastTheLoadedRowsIsCutThereWithAWarning() async throws {
    try await withRunner { runner, _, downloads in
      let result = await runner.execute(.thumbs(.range(8...99)))
      guard let batch = try? result.outcome.get() as? ThumbnailBatch else {
        Issue.record("expected a batch")
        return
      }
      #expect(batch.rows == [8, 9, 10])
      #expect(
        result.warnings == [
          "Only rows 1 to 10 are loaded, so rows 11 to 99 were left out; 'more' loads more rows."
        ])
      #expect(TemporaryFolder.names(in: downloads).count == 3)
    }
  }

  @Test func cancellingABatchKeepsWhatWasSavedAndSaysSo() async throws {
    try await TemporaryFolder.with { root in
      let movies = (1...5).map { Movie(title: "Movie \($0)", thumbnail: "\($0).png") }
      let source = FakeMovieSource(
        movies: movies, thumbnailBody: ImageSamples.png(width: 6, height: 9), holdsDownloads: true)
      let store = ThumbnailStore(
        downloadFolder: root.appendingPathComponent("downloads"),
        cacheFolder: root.appendingPathComponent("cache"))
      let runner = CommandRunner(testing: source, prefetches: true, thumbnails: store)
      _ = await runner.execute(.more)

      let task = Task { await runner.execute(.thumbs(.all)) }
      try #require(await eventually { source.running == 5 })
      task.cancel()
      let reply = TextRenderer(layout: Self.layout).render(await task.value)

      #expect(reply.wasCancelled)
      #expect(reply.error?.contains("0 of 5 thumbnails were saved") == true)
      #expect(reply.warnings.isEmpty)
      // Every download was cancelled, not left running (this waits until they all stopped).
      try #require(await eventually { source.cancelledDownloads == 5 })
      #expect(TemporaryFolder.names(in: store.downloadFolder).isEmpty)
    }
  }

  @Test func showSaysWhetherTheThumbnailIsCached() async throws {
    try await withRunner { runner, _, _ in
      let before = TextRenderer(layout: Self.layout).render(
        await runner.execute(.act(.show, RowLabel(2))))
      #expect(before.output.contains("posters/2.png (not cached"))
      _ = await runner.execute(.act(.thumb, RowLabel(2)))
      let after = TextRenderer(layout: Self.layout).render(
        await runner.execute(.act(.show, RowLabel(2))))
      #expect(after.output.contains("posters/2.png (cached"))
    }
  }
}

/// Records progress reports, which arrive from concurrent tasks.
final class ProgressLog: Sendable {
  struct Step: Sendable, Equatable {
    var done: Int
    var total: Int
  }

  private let log = Mutex<[Step]>([])
  var steps: [Step] { log.withLock { $0 } }

  func record(done: Int, total: Int) {
    log.withLock { $0.append(Step(done: done, total: total)) }
  }
}
