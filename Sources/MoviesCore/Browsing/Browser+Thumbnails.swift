extension Browser {
  /// Whether the thumbnail of a row is cached; loads nothing.
  public func thumbnailCacheState(row: Int) async throws -> ThumbnailCacheState {
    await thumbnails.cacheState(of: try movie(atRow: row), from: source)
  }

  /// Saves the thumbnails of many rows at once, each downloaded at most once, reporting
  /// `progress(done, total)` as each finishes; a range is cut at the last loaded row. A row
  /// that fails is recorded in the batch and
  /// the others go on; cancelling stops the rest and keeps what was saved.
  public func saveThumbnails(
    _ rows: ThumbRows, progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void
  ) async throws -> ThumbnailBatch {
    let loaded = list.movies.count
    let wanted: ClosedRange<Int>
    switch rows {
    case .all:
      guard loaded > 0 else { throw Error.noSuchRow(1, loaded: 0, more: !list.isComplete) }
      wanted = 1...loaded
    case .range(let range):
      // Rows past the loaded ones are left out (the caller says so); a range that starts
      // past them has nothing to save.
      _ = try movie(atRow: range.lowerBound)
      wanted = range.lowerBound...min(range.upperBound, loaded)
    }
    let work = try wanted.map { row in (row, try movie(atRow: row)) }
    var batch = ThumbnailBatch(rows: Array(wanted))
    let clock = ContinuousClock()
    let start = clock.now
    let store = thumbnails
    let source = self.source
    progress(0, work.count)
    await withTaskGroup(of: (Int, Result<SavedThumbnail, any Swift.Error>).self) { group in
      for (row, movie) in work {
        group.addTask {
          do {
            return (row, .success(try await store.save(movie, row: row, from: source)))
          } catch {
            return (row, .failure(error))
          }
        }
      }
      for await (row, result) in group {
        switch result {
        case .success(let saved): batch.saved[row] = saved
        case .failure(let error) where error is CancellationError: continue
        case .failure(let error): batch.failures[row] = error.userMessage
        }
        progress(batch.saved.count + batch.failures.count, work.count)
      }
    }
    batch.wasCancelled = Task.isCancelled
    batch.elapsed = start.duration(to: clock.now)
    return batch
  }
}
