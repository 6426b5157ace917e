import Foundation
import MoviesCore
import Synchronization

/// The tests' one ``MovieSource``: movies in memory served page by page, every page and
/// download recorded, and scriptable. A test says what each page request does (``answer``:
/// serve it, fail, wait for ``open()`` or until cancelled, or answer a page of its own) and
/// whether downloads are held until ``release()``, so loads, prefetches, scans, batches and
/// cancellation can each be observed in flight.
final class FakeMovieSource: MovieSource {
  struct Failure: Error {}

  /// What one page request does.
  enum PageAnswer: Sendable {
    /// The page of the movies, cut at the query's page size (capped at `cap`).
    case serve
    case fail(any Error)
    /// Waits for ``open()``, then serves, whether or not its task was cancelled: a source
    /// that does not honour cancellation.
    case waitForOpen
    /// Waits until its task is cancelled, then throws `CancellationError`.
    case hangUntilCancelled
    case page(MoviePage)
  }

  private struct State {
    var requests: [(page: Int, size: Int)] = []
    var queries: [MovieQuery] = []
    var seriesCalls: [String] = []
    var cancelledPages: [Int] = []
    var failNextPage = false
    var nextFailure: (any Error & Sendable)?
    var pagesToFailOnce: Set<Int> = []
    var isOpen = false
    var waitingPages: [CheckedContinuation<Void, Never>] = []
    var thumbnailRequests: [URL] = []
    var downloadsReleased = false
    var heldDownloads: [UInt64: CheckedContinuation<Void, any Error>] = [:]
    var nextDownload: UInt64 = 0
    var running = 0
    var mostAtOnce = 0
    var cancelledDownloads = 0
  }

  let movies: [Movie]
  /// The series, seasons and episodes served for series listings; nil: no series.
  let series: FakeSeries?
  /// Thumbnail bytes by reference (the movie's `thumbnail`).
  let thumbnails: [String: Data]
  /// The bytes a download of any other reference answers with; nil: such a download fails.
  let thumbnailBody: Data?
  /// Downloads wait for ``release()`` (or cancellation).
  let holdsDownloads: Bool
  /// The largest page served, as a server caps `count`.
  let cap: Int
  /// The total the pages report; nil for the movies' count.
  let totalCount: Int?
  /// Decides each page request; ``PageAnswer/serve`` unless the test says otherwise.
  let answer: @Sendable (_ page: Int, _ query: MovieQuery) -> PageAnswer
  /// Each page number as its request starts, before it is answered.
  let started: AsyncStream<Int>
  private let startedContinuation: AsyncStream<Int>.Continuation
  private let state = Mutex(State())

  /// What the source says it can do; a plain paging source unless the test says otherwise.
  let capabilities: SourceCapabilities

  init(
    movies: [Movie], thumbnails: [String: Data] = [:], thumbnailBody: Data? = nil,
    holdsDownloads: Bool = false, cap: Int = .max, totalCount: Int? = nil,
    capabilities: SourceCapabilities = SourceCapabilities(), series: FakeSeries? = nil,
    answer: @escaping @Sendable (_ page: Int, _ query: MovieQuery) -> PageAnswer = { _, _ in
      .serve
    }
  ) {
    self.movies = movies
    self.thumbnails = thumbnails
    self.thumbnailBody = thumbnailBody
    self.holdsDownloads = holdsDownloads
    self.cap = cap
    self.totalCount = totalCount
    self.capabilities = capabilities
    self.series = series
    self.answer = answer
    (started, startedContinuation) = AsyncStream.makeStream(of: Int.self)
  }

  /// Serves ``numbered(_:rating:)`` movies.
  convenience init(
    movieCount count: Int, cap: Int = .max,
    answer: @escaping @Sendable (_ page: Int, _ query: MovieQuery) -> PageAnswer = { _, _ in
      .serve
    }
  ) {
    self.init(movies: Self.numbered(count), cap: cap, answer: answer)
  }

  /// `count` movies titled `Movie 1`, `Movie 2`, … with an id, rating, link and thumbnail each.
  static func numbered(_ count: Int, rating: (Int) -> Double = { _ in 7.5 }) -> [Movie] {
    (1..<count + 1).map { number in
      Movie(
        id: String(number), title: "Movie \(number)", thumbnail: "posters/\(number).png",
        link: "https://movies.example/\(number)", rating: rating(number), releaseDate: "2001")
    }
  }

  var name: String { "the fake source" }

  var requests: [(page: Int, size: Int)] { state.withLock { $0.requests } }
  var requestedPages: [Int] { requests.map(\.page) }
  /// The query of each page request, in order.
  var queries: [MovieQuery] { state.withLock { $0.queries } }
  /// The series calls made, `seasons 7` and `next 7`, in order.
  var seriesCalls: [String] { state.withLock { $0.seriesCalls } }

  /// Records a series call.
  func record(seriesCall: String) {
    state.withLock { $0.seriesCalls.append(seriesCall) }
  }
  /// The pages whose requests were cancelled while they waited.
  var cancelledPages: [Int] { state.withLock { $0.cancelledPages } }
  var thumbnailRequests: [URL] { state.withLock { $0.thumbnailRequests } }
  var thumbnailRequestCount: Int { thumbnailRequests.count }
  /// Downloads in progress now, the most at once so far, and those cancelled.
  var running: Int { state.withLock { $0.running } }
  var mostAtOnce: Int { state.withLock { $0.mostAtOnce } }
  var cancelledDownloads: Int { state.withLock { $0.cancelledDownloads } }

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

  /// Lets every waiting and future ``PageAnswer/waitForOpen`` request through.
  func open() {
    let waiting = state.withLock { state in
      state.isOpen = true
      defer { state.waitingPages = [] }
      return state.waitingPages
    }
    for request in waiting { request.resume() }
  }

  /// Lets every held and future download finish.
  func release() {
    let held = state.withLock { state in
      state.downloadsReleased = true
      defer { state.heldDownloads = [:] }
      return Array(state.heldDownloads.values)
    }
    for download in held { download.resume() }
  }

  func page(_ number: Int, of query: MovieQuery) async throws -> MoviePage {
    let (fails, failure) = state.withLock { state in
      state.requests.append((number, query.pageSize))
      state.queries.append(query)
      defer { (state.failNextPage, state.nextFailure) = (false, nil) }
      return (state.failNextPage || state.pagesToFailOnce.remove(number) != nil, state.nextFailure)
    }
    startedContinuation.yield(number)
    if let failure { throw failure }
    if fails { throw Failure() }
    switch answer(number, query) {
    case .serve: break
    case .fail(let error): throw error
    case .page(let page): return page
    case .waitForOpen: await waitForOpen()
    case .hangUntilCancelled:
      do {
        try await Task.sleep(for: .seconds(600))
      } catch {
        state.withLock { $0.cancelledPages.append(number) }
        throw error
      }
    }
    let movies = series?.rows(for: query.listing) ?? self.movies
    let size = min(cap, query.pageSize)
    let start = min(movies.count, (number - 1) * size)
    let end = min(movies.count, start + size)
    return MoviePage(movies: Array(movies[start..<end]), totalCount: totalCount ?? movies.count)
  }

  func thumbnailURL(for reference: String) throws -> URL {
    guard let url = URL(string: "https://images.example/")?.appendingPathComponent(reference)
    else { throw Failure() }
    return url
  }

  func thumbnailData(at url: URL) async throws -> Data {
    state.withLock { state in
      state.thumbnailRequests.append(url)
      state.running += 1
      state.mostAtOnce = max(state.mostAtOnce, state.running)
    }
    defer { state.withLock { $0.running -= 1 } }
    if holdsDownloads {
      do {
        try await waitForRelease()
      } catch {
        state.withLock { $0.cancelledDownloads += 1 }
        throw error
      }
    }
    guard let data = thumbnails[url.lastPathComponent] ?? thumbnailBody else { throw Failure() }
    return data
  }

  private func waitForOpen() async {
    await withCheckedContinuation { request in
      let isOpen = state.withLock { state in
        if !state.isOpen { state.waitingPages.append(request) }
        return state.isOpen
      }
      if isOpen { request.resume() }
    }
  }

  /// Waits until released, or throws `CancellationError` when the download is cancelled.
  /// Suspended, not polling: a held download costs the pool nothing while it waits.
  private func waitForRelease() async throws {
    let id = state.withLock { state in
      state.nextDownload += 1
      return state.nextDownload
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (download: CheckedContinuation<Void, any Error>) in
        let outcome: Result<Void, any Error>? = state.withLock { state in
          if state.downloadsReleased { return .success(()) }
          if Task.isCancelled { return .failure(CancellationError()) }
          state.heldDownloads[id] = download
          return nil
        }
        if let outcome { download.resume(with: outcome) }
      }
    } onCancel: {
      state.withLock { $0.heldDownloads.removeValue(forKey: id) }?
        .resume(throwing: CancellationError())
    }
  }
}
