/// `thumb N-M` and `thumb all`: many rows saved at once.
extension ThumbnailStore {
  /// Saves the thumbnails of many rows of `source` at once, each downloaded at most once,
  /// reporting `progress(done, total)` as each finishes. A row that fails is recorded in the
  /// batch and the others go on; cancelling stops the rest and keeps what was saved.
  /// `kind` says what the numbers count (watchlist entries: `w3`); `refused` are rows that
  /// failed before anything was asked, counted in the batch.
  public func save(
    _ work: [(row: Int, movie: Movie)], kind: RowLabel.Kind = .row,
    refused: [(row: Int, error: any Swift.Error)] = [], from source: any MovieSource,
    progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void
  ) async -> ThumbnailBatch {
    var batch = ThumbnailBatch(
      rows: (work.map(\.row) + refused.map(\.row)).sorted(), kind: kind)
    for (row, error) in refused { batch.failures[row] = error }
    let clock = ContinuousClock()
    let start = clock.now
    let store = self
    progress(0, work.count)
    await withTaskGroup(of: (Int, Result<SavedThumbnail, any Swift.Error>).self) { group in
      for (row, movie) in work {
        group.addTask {
          // Await first, then build the tuple. Swift 6.3's optimizer miscompiles a tuple
          // returned from a task when one element is known before a suspension and the other
          // only after it (swiftlang/swift#91911): the early element is lost, so with -O the
          // batch got garbage row numbers. Minimal reproduction, `swiftc -O`, prints "bad 30":
          //
          //   func make(_ row: Int) async throws -> Int { await Task.yield(); return row }
          //   var bad = 0
          //   for row in 1...30 {
          //     let (a, b) = await Task { () async -> (Int, Int) in
          //       do { return (row, try await make(row)) } catch { return (row, -1) }
          //     }.value
          //     if a != b { bad += 1 }
          //   }
          //   print("bad", bad)
          let result: Result<SavedThumbnail, any Swift.Error>
          do {
            result = .success(
              try await store.save(movie, row: RowLabel(row, kind), from: source))
          } catch {
            result = .failure(error)
          }
          return (row, result)
        }
      }
      for await (row, result) in group {
        switch result {
        case .success(let saved): batch.saved[row] = saved
        case .failure(let error) where error is CancellationError: continue
        case .failure(let error): batch.failures[row] = error
        }
        progress(batch.saved.count + batch.failures.count, work.count)
      }
    }
    batch.wasCancelled = Task.isCancelled
    batch.elapsed = start.duration(to: clock.now)
    return batch
  }
}
