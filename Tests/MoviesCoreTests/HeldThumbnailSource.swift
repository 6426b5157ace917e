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
    state.withLock { $0.isReleased = true }
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
      // Task.sleep ends with CancellationError when the download is cancelled.
      while !state.withLock({ $0.isReleased }) { try await Task.sleep(for: .milliseconds(2)) }
    } catch {
      state.withLock { $0.cancelled += 1 }
      throw error
    }
    return body
  }
}
