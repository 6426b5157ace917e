/// The page requests of a full scan, from the page after the loaded ones to the end.
///
/// A scan asks for pages `factor` times the list's page size (a power of two), so it makes
/// fewer requests, and each large page counts as `factor` of the list's pages, so `more` goes
/// on from the right one afterwards. A large page must start where a page of its size would,
/// so until the loaded pages line up, it asks for pages twice as large each time (1, 2, 4…
/// times the page size), each where one of its size starts: a handful of requests, not one
/// per page.
struct ScanPlan: Sendable, Hashable {
  /// One page to ask for: its number at its size, and how many of the list's pages it is.
  struct Request: Sendable, Hashable {
    var page: Int
    var pageSize: Int
    var spans: Int
  }

  /// About how many movies a scan asks for per request.
  static let rowsPerRequest = 1_000
  /// How many requests a scan keeps in flight.
  static let window = 4

  let pageSize: Int
  let factor: Int
  /// The server's count; requests that start past it are not made (except the first, which
  /// finds out where the list ends, as `more` would).
  let totalCount: Int?
  /// The requests that line the loaded pages up with a large page.
  private let aligning: [Request]
  /// The first large page's number.
  private let firstLargePage: Int

  init(loadedPages: Int, pageSize: Int, factor: Int, totalCount: Int?) {
    self.pageSize = pageSize
    self.totalCount = totalCount
    let factor = Self.powerOfTwo(atMost: factor)
    self.factor = factor
    var loaded = loadedPages
    var aligning: [Request] = []
    while loaded % factor != 0 {
      // The largest power of two that divides `loaded`: a page of that many list pages starts
      // exactly here.
      let spans = loaded & -loaded
      aligning.append(Request(page: loaded / spans + 1, pageSize: pageSize * spans, spans: spans))
      loaded += spans
    }
    self.aligning = aligning
    firstLargePage = loaded / factor + 1
  }

  /// The requests that load list pages 2 to `wanted` when page 1 is loaded (`resume`): each
  /// page as large as ``factor(pageSize:)`` allows, starting where a page of its size would,
  /// and never past `wanted`, so the list ends at the depth asked for.
  static func resumeRequests(wanted: Int, pageSize: Int) -> [Request] {
    let factor = factor(pageSize: pageSize)
    var loaded = 1
    var requests: [Request] = []
    while loaded < wanted {
      var spans = 1
      while spans * 2 <= factor, loaded % (spans * 2) == 0, loaded + spans * 2 <= wanted {
        spans *= 2
      }
      requests.append(Request(page: loaded / spans + 1, pageSize: pageSize * spans, spans: spans))
      loaded += spans
    }
    return requests
  }

  /// The largest power of two up to ``rowsPerRequest`` / page size, at least 1.
  static func factor(pageSize: Int) -> Int {
    powerOfTwo(atMost: rowsPerRequest / max(1, pageSize))
  }

  /// The largest power of two up to `value`, at least 1.
  static func powerOfTwo(atMost value: Int) -> Int {
    var power = 1
    while power * 2 <= value { power *= 2 }
    return power
  }

  /// The request at a 0-based position, or nil past the end of the list.
  func request(_ index: Int) -> Request? {
    let request =
      index < aligning.count
      ? aligning[index]
      : Request(
        page: firstLargePage + index - aligning.count, pageSize: pageSize * factor, spans: factor)
    if index > 0, let totalCount, (request.page - 1) * request.pageSize >= totalCount {
      return nil
    }
    return request
  }
}
