import Foundation
import MoviesCore
import Synchronization

/// A ``MovieSource`` whose page requests wait inside the source, so a test can cancel a load
/// while it is in flight.
///
/// With `honoursCancellation` the wait is a `Task.sleep` that ends with a `CancellationError`;
/// without it the request waits for ``open()`` and then returns a full page regardless.
final class GatedMovieSource: MovieSource {
  let honoursCancellation: Bool
  /// Yields the page number each time a request has started waiting.
  let started: AsyncStream<Int>
  private let startedContinuation: AsyncStream<Int>.Continuation
  private let gate = Mutex<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>(
    (false, []))

  init(honoursCancellation: Bool) {
    self.honoursCancellation = honoursCancellation
    (started, startedContinuation) = AsyncStream.makeStream(of: Int.self)
  }

  var name: String { "the gated source" }

  /// Lets every waiting and future request through.
  func open() {
    let waiters = gate.withLock { gate in
      gate.isOpen = true
      defer { gate.waiters = [] }
      return gate.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  func page(_ number: Int, of query: MovieQuery) async throws -> MoviePage {
    startedContinuation.yield(number)
    if honoursCancellation {
      try await Task.sleep(for: .seconds(600))
    } else {
      await withCheckedContinuation { continuation in
        let isOpen = gate.withLock { gate in
          if !gate.isOpen { gate.waiters.append(continuation) }
          return gate.isOpen
        }
        if isOpen { continuation.resume() }
      }
    }
    let first = (number - 1) * query.pageSize + 1
    let movies = (first..<first + query.pageSize).map { Movie(title: "Movie \($0)") }
    return MoviePage(movies: movies, totalCount: 100)
  }

  func thumbnailURL(for reference: String) throws -> URL {
    URL(fileURLWithPath: "/nonexistent").appendingPathComponent(reference)
  }

  func thumbnailData(at url: URL) async throws -> Data {
    Data()
  }
}
