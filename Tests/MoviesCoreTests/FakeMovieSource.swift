import Foundation
import MoviesCore
import Synchronization

/// A ``MovieSource`` over movies in memory that records every page and thumbnail asked for.
final class FakeMovieSource: MovieSource {
  struct Failure: Error {}

  private struct State {
    var requestedPages: [Int] = []
    var thumbnailRequests: [URL] = []
    var failNextPage = false
    var nextFailure: (any Error & Sendable)?
    var pagesToFailOnce: Set<Int> = []
  }

  let movies: [Movie]
  /// Thumbnail bytes by reference (the movie's `thumbnail`).
  let thumbnails: [String: Data]
  private let state = Mutex(State())

  init(movies: [Movie], thumbnails: [String: Data] = [:]) {
    self.movies = movies
    self.thumbnails = thumbnails
  }

  /// `count` movies titled `Movie 1`, `Movie 2`, … with a rating, link and thumbnail each.
  convenience init(movieCount count: Int) {
    let movies = (1..<count + 1).map { number in
      Movie(
        id: String(number), title: "Movie \(number)", thumbnail: "posters/\(number).png",
        link: "https://movies.example/\(number)", rating: 7.5, releaseDate: "2001")
    }
    self.init(movies: movies)
  }

  var name: String { "the fake source" }

  var requestedPages: [Int] { state.withLock { $0.requestedPages } }
  var thumbnailRequestCount: Int { state.withLock { $0.thumbnailRequests.count } }

  /// Makes the next page request throw ``Failure``.
  func failNextPage() {
    state.withLock { $0.failNextPage = true }
  }

  /// Makes the next page request throw `error`.
  func failNextPage(with error: any Error & Sendable) {
    state.withLock { $0.nextFailure = error }
  }

  /// Makes the first request for `page` throw ``Failure``.
  func failOnce(page: Int) {
    state.withLock { _ = $0.pagesToFailOnce.insert(page) }
  }

  func page(_ number: Int, of query: MovieQuery) async throws -> MoviePage {
    let (fails, failure) = state.withLock { state in
      state.requestedPages.append(number)
      defer { (state.failNextPage, state.nextFailure) = (false, nil) }
      return (state.failNextPage || state.pagesToFailOnce.remove(number) != nil, state.nextFailure)
    }
    if let failure { throw failure }
    if fails { throw Failure() }
    let start = min(movies.count, (number - 1) * query.pageSize)
    let end = min(movies.count, start + query.pageSize)
    return MoviePage(movies: Array(movies[start..<end]), totalCount: movies.count)
  }

  func thumbnailURL(for reference: String) throws -> URL {
    guard let url = URL(string: "https://images.example/")?.appendingPathComponent(reference)
    else { throw Failure() }
    return url
  }

  func thumbnailData(at url: URL) async throws -> Data {
    state.withLock { $0.thumbnailRequests.append(url) }
    guard let data = thumbnails[url.lastPathComponent] else { throw Failure() }
    return data
  }
}
