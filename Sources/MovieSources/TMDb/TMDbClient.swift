import Foundation
import MoviesCore

/// A ``MovieSource`` over The Movie Database's API v3 (its TV series: ``TMDbClient+Series``):
/// `/discover/movie` for browsing,
/// `/search/movie` for `find`, `/genre/movie/list`, `/configuration` for poster addresses, and
/// `/movie/{id}` with its credits, videos and watch providers for `show` and `trailer`, and
/// `/movie/{id}/recommendations` for `similar`.
///
/// TMDb serves pages of 20 and no page past 500: the client joins and splits its pages into
/// the browser's (``FixedPages``), each TMDb page asked for once however many browser pages
/// share it, and a list ends at page 500. Every request, posters too, waits for a slot of one
/// ``RequestPacer``, so prefetching, `find` and `thumb all` together stay under TMDb's rate
/// limit; a 429 waits for its `Retry-After`. All of it goes through the one ``HTTPEngine``.
public struct TMDbClient: DeclaredSource, GenreSource {
  /// Where TMDb is and how to ask it.
  public struct Settings: Sendable {
    /// The API base, `https://api.themoviedb.org/3` for the real service.
    public var apiURL: URL
    /// The key or token the API's requests carry.
    public var credential: TMDbCredential
    /// The language of titles and overviews (`en-US`); nil for TMDb's default.
    public var language: String?
    /// The country whose release dates and watch providers count (`US`).
    public var region: String?
    /// The region whose services `on:` names and whose streaming counts: `--region`, else US.
    public var serviceRegion: String { region ?? "US" }
    /// The widest poster wanted, in pixels: the preview needs no more. Asked at each page,
    /// so a terminal made wider gets larger posters for the rows loaded after.
    public var posterWidth: @Sendable () -> Int = { 342 }
    /// Where `/configuration` is kept between runs; nil to fetch it every run.
    public var configurationFile: URL?
    /// Where the region's streaming services are kept between runs; nil to fetch them
    /// every run.
    public var servicesFile: URL?

    /// Settings for the API at `apiURL`; no language or region takes TMDb's defaults.
    public init(
      apiURL: URL, credential: TMDbCredential, language: String? = nil, region: String? = nil
    ) {
      self.apiURL = apiURL
      self.credential = credential
      self.language = language
      self.region = region
    }
  }

  /// TMDb's page size.
  public static let pageSize = 20
  /// The deepest page TMDb serves.
  public static let maxPages = 500
  /// TMDb allows about 40 requests a second; 34, and two at once after a pause, keep any
  /// second under it as the server counts arrivals: at 37, a loaded machine's scheduling
  /// bunched arrivals into 41 in one second.
  public static let requestsPerSecond = 34
  /// `rating` lists only films with at least this many votes, so one 10/10 vote cannot lead.
  public static let minimumVotesForRating = 200
  /// How long a saved `/configuration` is used before it is asked for again: TMDb asks
  /// clients to cache it and to check it every few days.
  public static let configurationLifetime: TimeInterval = 3 * 24 * 3600
  /// The largest saved configuration read back: TMDb's is about 4 KB.
  static let configurationByteLimit = 1 << 20
  /// The orders TMDb sorts by, as the browser names them, with TMDb's `sort_by`.
  static let sorts: [(order: String, sortBy: String)] = [
    ("popularitydesc", "popularity.desc"), ("releasedatedesc", "primary_release_date.desc"),
    ("releasedateasc", "primary_release_date.asc"), ("ratingdesc", "vote_average.desc"),
    ("titleasc", "title.asc"),
  ]

  /// The address, the credential, the language and region it was made with.
  public let settings: Settings
  let http: SourceHTTP
  let fixed = FixedPages(size: TMDbClient.pageSize, maxPages: TMDbClient.maxPages)
  let listPages = SharedLoads<String, TMDbParser.ListPage>(capacity: 16)
  /// The genres of films (0) and of series (1).
  let genreList = SharedLoads<Int, [Genre]>(capacity: 2)
  /// A series' `/tv/{id}` with its parts, by id: `show N` and its seasons ask it once.
  let seriesDocuments = SharedLoads<String, Data>(capacity: 100)
  /// A season's episodes, by series id and season number.
  let seasonEpisodes = SharedLoads<String, [Movie]>(capacity: 8)
  /// The poster base by the width asked for.
  let posterBase = SharedLoads<Int, String>(capacity: 1)
  let detailed = SharedLoads<String, Movie>(capacity: 500)
  /// The streaming services by region.
  let serviceLists = SharedLoads<String, TMDbServices>(capacity: 2)
  let apiLimits: TransferLimits
  let imageLimits: TransferLimits

  /// A client with `settings` over `engine`, its requests paced by `pacer`.
  public init(
    settings: Settings, engine: HTTPEngine, retry: RetryPolicy = RetryPolicy(),
    pacer: RequestPacer = RequestPacer(requestsPerSecond: TMDbClient.requestsPerSecond)
  ) {
    self.settings = settings
    http = SourceHTTP(
      engine: engine, retry: retry, server: Self.server(credential: settings.credential.origin),
      headers: settings.credential.headers, queryItems: settings.credential.queryItems,
      secrets: [settings.credential.secret], pacer: pacer)
    apiLimits = TransferLimits(maxBytes: 4_000_000, deadline: engine.timeout)
    imageLimits = TransferLimits(maxBytes: PosterLimit.bytes, deadline: engine.timeout)
  }

  /// `TMDb`, or `TMDb at HOST:PORT` for another address.
  public var name: String {
    guard let host = settings.apiURL.host, host != "api.themoviedb.org" else { return "TMDb" }
    return "TMDb at " + (settings.apiURL.port.map { "\(host):\($0)" } ?? host)
  }

  /// What TMDb can do, known before a client is made.
  public static let declaredCapabilities: SourceCapabilities = {
    var capabilities = SourceCapabilities()
    capabilities.searchesOnServer = true
    capabilities.orders = sorts.map(\.order)
    capabilities.defaultOrder = "popularitydesc"
    capabilities.hasDetails = true
    capabilities.findsSimilar = true
    capabilities.fixedPageSize = pageSize
    capabilities.knowsStreamingServices = true
    // Its pacer holds a search to 34 requests a second; six in flight keep up with it at
    // the real TMDb's round trip of about 150 ms.
    capabilities.searchPagesAtOnce = 6
    capabilities.noThumbnailMessage = "TMDb has no poster for this film."
    capabilities.listsSeries = true
    return capabilities
  }()

  /// The title words go to `/search/movie`, an exact year with them as
  /// `primary_release_year` (it takes no other filter, so the rows are checked); without
  /// words, `/discover/movie` lists the years, ratings, running times, genres and streaming
  /// services asked for, in one request a page.
  public func searchQuery(for search: MovieSearch, from query: MovieQuery) -> ServerSearch? {
    guard
      var searching = search.serverQuery(
        from: query,
        filters: search.words.isEmpty
          ? [.yearRange, .rating, .runtime, .genres, .services, .votes] : [])
    else { return nil }
    // A rating is asked for with the vote floor `order rating` uses, so one 10/10 vote does
    // not lead; the query carries it, so the answer names it and `votes:` changes it.
    if searching.ratings != nil, searching.minimumVotes == nil {
      searching.minimumVotes = Self.minimumVotesForRating
    }
    return ServerSearch(searching, filtering: search)
  }

  /// Fetches one page (1-based) of the query: films or series, or a season's episodes
  /// (``TMDbClient+Series``).
  public func page(_ number: Int, of query: MovieQuery) async throws -> MoviePage {
    let kind: TitleKind
    switch query.listing {
    case .titles(let listed): kind = listed
    case .episodes(let season):
      return try await episodesPage(number, of: season, size: query.pageSize)
    case .continuing, .nextUp: throw SourceRefusal.noPlayback(command: "continue")
    }
    async let context = rowContext(kind)
    var rows: [[String: String]] = []
    var total: Int?
    for piece in fixed.pieces(ofPage: number, pageSize: query.pageSize) {
      // Nothing is asked for past the end the server has already shown.
      if let total, (piece.page - 1) * Self.pageSize >= total { break }
      let page = try await listPage(piece.page, of: query, for: number)
      let start = min(piece.rows.lowerBound, page.rows.count)
      rows += page.rows[start..<min(piece.rows.upperBound, page.rows.count)]
      total = page.totalResults
      if page.rows.count < Self.pageSize { break }
    }
    let (rowContext, contextWarnings) = await context
    var movies: [Movie] = []
    var skipped = 0
    for row in rows {
      if let movie = TMDbParser.movie(row, context: rowContext, kind: kind) {
        movies.append(movie)
      } else {
        skipped += 1
      }
    }
    var warnings = contextWarnings
    if skipped > 0 {
      warnings.append(
        "Left out \(skipped == 1 ? "1 row" : "\(skipped) rows") without an id or title.")
    }
    if let total, let maxRows = fixed.maxRows, total > maxRows,
      fixed.reachesCap(page: number, pageSize: query.pageSize)
    {
      warnings.append(
        "This is as far as TMDb goes: it serves \(Self.maxPages) pages (\(Format.grouped(maxRows)) "
          + "films) of a list, and this one has \(Format.grouped(total)). Narrow it with "
          + "'genre NAME', or find a year with 'find year:1999'.")
    }
    let capped = total.map { min($0, fixed.maxRows ?? $0) }
    return MoviePage(movies: movies, rowCount: rows.count, totalCount: capped, warnings: warnings)
  }

  /// Every genre of films, in the source's order.
  public func genres() async throws -> [Genre] { try await genres(of: .film) }

  /// The genres of films (`/genre/movie/list`) or of series (`/genre/tv/list`): TMDb numbers
  /// them apart.
  public func genres(of kind: TitleKind) async throws -> [Genre] {
    let series = kind == .series
    return try await genreList.value(for: series ? 1 : 0) {
      let path = series ? "genre/tv/list" : "genre/movie/list"
      let data = try await http.get(address(path, []), .genres, limits: apiLimits)
      do { return try TMDbParser.genres(data) } catch { throw Error.unreadable(.genres) }
    }
  }

  /// Resolves a movie's thumbnail reference to the address it is loaded from, or throws when
  /// the reference is not one this source will load.
  public func thumbnailURL(for reference: String) throws -> URL {
    // A bare path: the row's page came while the image configuration could not be loaded.
    if reference.hasPrefix("/") { throw Error.posterBaseUnknown }
    guard let url = URL(string: reference), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host != nil
    else { throw Error.unsupportedThumbnailAddress(reference) }
    return url
  }

  /// Loads the bytes at an address that ``thumbnailURL(for:)`` returned.
  public func thumbnailData(at url: URL) async throws -> Data {
    try await http.get(url, .poster, limits: imageLimits, authorized: false)
  }

  /// One TMDb page of a query, asked for once however many browser pages need it.
  func listPage(_ page: Int, of query: MovieQuery, for browserPage: Int) async throws
    -> TMDbParser.ListPage
  {
    let url = listAddress(page, of: query)
    return try await listPages.value(for: url.absoluteString) {
      let data = try await http.get(url, .page(browserPage), limits: apiLimits)
      do { return try TMDbParser.listPage(data) } catch {
        throw Error.unreadable(.page(browserPage))
      }
    }
  }

  /// The address of TMDb page `page` of a query, without the credential: films from
  /// `/discover/movie` and `/search/movie`, series from `/discover/tv` and `/search/tv`, whose
  /// dates are first air dates.
  func listAddress(_ page: Int, of query: MovieQuery) -> URL {
    let series = query.listing == .titles(.series)
    var items = [URLQueryItem(name: "include_adult", value: "false")]
    if !query.searchText.isEmpty {
      if let year = query.releaseYear {
        let name = series ? "first_air_date_year" : "primary_release_year"
        items.append(URLQueryItem(name: name, value: String(year)))
      }
      items.append(URLQueryItem(name: "query", value: query.searchText))
    } else {
      let sortBy =
        (series
          ? Self.seriesSorts[query.order] : Self.sorts.first { $0.order == query.order }?.sortBy)
        ?? "popularity.desc"
      items.append(URLQueryItem(name: "sort_by", value: sortBy))
      let filters = TMDbFilters.items(for: query, sortBy: sortBy, region: settings.serviceRegion)
      items += series ? filters.map(Self.seriesFilter) : filters
    }
    if let region = settings.region, !series {
      items.append(URLQueryItem(name: "region", value: region))
    }
    items.append(URLQueryItem(name: "page", value: String(page)))
    let kind = series ? "tv" : "movie"
    return address(query.searchText.isEmpty ? "discover/\(kind)" : "search/\(kind)", items)
  }

  /// An API address with the language; the credential is added only when it is sent.
  func address(_ path: String, _ items: [URLQueryItem]) -> URL {
    let url = settings.apiURL.appendingPathComponent(path)
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
      return url
    }
    let language = settings.language.map { [URLQueryItem(name: "language", value: $0)] } ?? []
    components.queryItems = (components.queryItems ?? []) + items + language
    return components.url ?? url
  }
}

extension TMDbClient {
  /// Where the key was read, for the banner.
  public var credentialOrigin: String { settings.credential.origin }
}
