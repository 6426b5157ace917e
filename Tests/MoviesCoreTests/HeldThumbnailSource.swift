import Foundation
import MoviesCore
import Synchronization

/// A ``MovieSource`` whose thumbnail downloads are held until the test releases them, and
/// which counts how many run at once, so coalescing, the concurrency limit and cancellation
/// can be observed.
final class HeldThumbnailSource: MovieSource {
  private struct State {
    var isReleased = false
    var requests: [URL] = []
    var running = 0
    var mostAtOnce = 0
    var cancelled = 0
    /// Downloads waiting for ``release()``.
    var held: [UInt64: CheckedContinuation<Void, any Error>] = [:]
    var nextID: UInt64 = 0
  }

  /// The bytes every download answers with.
  let body: Data
  /// The one page of movies the source serves.
  let movies: [Movie]
  private let state = Mutex(State())

  init(body: Data, movies: [Movie] = []) {
    self.body = body
    self.movies = movies
  }

  var name: String { "the held source" }
  var requests: [URL] { state.withLock { $0.requests } }
  var running: Int { state.withLock { $0.running } }
  var mostAtOnce: Int { state.withLock { $0.mostAtOnce } }
  var cancelled: Int { state.withLock { $0.cancelled } }

  /// Lets every held and future download finish.
  func release() {
    let held = state.withLock { state in
      state.isReleased = true
      defer { state.held = [:] }
      return Array(state.held.values)
    }
    for download in held { download.resume() }
  }

  func page(_ number: Int, of query: MovieQuery) async throws -> MoviePage {
    MoviePage(movies: number == 1 ? movies : [], totalCount: movies.count)
  }

  func thumbnailURL(for reference: String) throws -> URL {
    URL(fileURLWithPath: "/held").appendingPathComponent(reference)
  }

  func thumbnailData(at url: URL) async throws -> Data {
    state.withLock { state in
      state.requests.append(url)
      state.running += 1
      state.mostAtOnce = max(state.mostAtOnce, state.running)
    }
    defer { state.withLock { $0.running -= 1 } }
    do {
      try await waitForRelease()
    } catch {
      state.withLock { $0.cancelled += 1 }
      throw error
    }
    return body
  }

  /// Waits until released, or throws `CancellationError` when the download is cancelled.
  /// Suspended, not polling: a held download costs the pool nothing while it waits.
  private func waitForRelease() async throws {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (download: CheckedContinuation<Void, any Error>) in
        let outcome: Result<Void, any Error>? = state.withLock { state in
          if state.isReleased { return .success(()) }
          if Task.isCancelled { return .failure(CancellationError()) }
          state.held[id] = download
          return nil
        }
        if let outcome { download.resume(with: outcome) }
      }
    } onCancel: {
      state.withLock { $0.held.removeValue(forKey: id) }?.resume(throwing: CancellationError())
    }
  }
}
