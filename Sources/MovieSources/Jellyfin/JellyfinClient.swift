import Foundation
import MoviesCore

/// A ``MovieSource``, ``GenreSource`` and ``StreamSource`` over a Jellyfin server's movie
/// and TV libraries (the series' seasons, episodes and next up: ``JellyfinClient+Series``).
///
/// Pages are `GET /Items` for one user (`userId`), films only, recursively, by `StartIndex`
/// and `Limit`, with the total counted (`EnableTotalRecordCount`) so the list ends there.
/// Every request, posters included, carries the ``JellyfinAuthorization`` header; the token
/// never goes into an address.
public struct JellyfinClient: DeclaredSource, GenreSource, StreamSource {
  /// The orders a Jellyfin library is browsed in, as the browser names them (the prompt's
  /// `added`, `newest`, `oldest`, `rating`, `title`), with Jellyfin's `SortBy` and
  /// `SortOrder`; ties go by sort name, so pages never overlap.
  static let sorts: [(order: String, sortBy: String, sortOrder: String)] = [
    ("dateaddeddesc", "DateCreated,SortName", "Descending,Ascending"),
    ("releasedatedesc", "PremiereDate,SortName", "Descending,Ascending"),
    ("releasedateasc", "PremiereDate,SortName", "Ascending,Ascending"),
    ("ratingdesc", "CommunityRating,SortName", "Descending,Ascending"),
    ("titleasc", "SortName", "Ascending"),
  ]
  /// Recently added first: the Jellyfin habit.
  public static let defaultOrder = "dateaddeddesc"
  /// The poster width asked for: enough for the terminal preview, a fraction of the original.
  public static let posterWidth = 400
  /// The fields the table, `show N` and `trailer N` need beyond Jellyfin's defaults: the
  /// credits and trailers come with each item, so `show` asks nothing more.
  static let fields = "Genres,Overview,People,RemoteTrailers,Taglines,ProviderIds"
  /// How many films `similar N` asks for.
  static let similarLimit = 20

  /// The server's base address, such as `http://media.local:8096`.
  public let server: URL
  /// The user whose library and watched state are shown.
  public let userID: String
  private let authorization: JellyfinAuthorization
  /// Where the token was read, for the banner: `JELLYFIN_TOKEN`.
  /// Where the token was read, for the banner.
  public let credentialOrigin: String
  let http: SourceHTTP
  /// Reports go into the user's own data (`UserData`, `PlayedItems`) rather than a playing
  /// session: an API key's session belongs to no user.
  let writesUserData: Bool
  /// Whether the server answered a 10.9 path with 404, so the older ones are used (see
  /// ``JellyfinPaths``).
  let paths = JellyfinPaths()
  /// A page's caps, one item's too.
  let pageLimits: TransferLimits
  private let imageLimits: TransferLimits

  /// Every request's engine, the stream's first answer's too.
  public var engine: HTTPEngine { http.engine }

  /// A client of the library at `server`, for the user `userID`, asking through `http`.
  public init(
    server: URL, authorization: JellyfinAuthorization, userID: String, http: SourceHTTP,
    credentialOrigin: String = "JELLYFIN_TOKEN", writesUserData: Bool = false
  ) {
    self.credentialOrigin = credentialOrigin
    self.writesUserData = writesUserData
    self.server = server
    self.userID = userID
    self.authorization = authorization
    self.http = http
    let engine = http.engine
    pageLimits = TransferLimits(maxBytes: HoppinClient.defaultPageLimit, deadline: engine.timeout)
    imageLimits = TransferLimits(
      maxBytes: PosterLimit.bytes, deadline: engine.timeout)
  }

  /// What a Jellyfin library can do, known before a client is made.
  public static let declaredCapabilities: SourceCapabilities = {
    var capabilities = SourceCapabilities()
    capabilities.searchesOnServer = true
    capabilities.orders = sorts.map(\.order)
    capabilities.defaultOrder = defaultOrder
    capabilities.noThumbnailMessage = "Jellyfin has no poster for this film."
    capabilities.searchPageSize = 200
    capabilities.plays = true
    capabilities.findsSimilar = true
    capabilities.resumesWatching = true
    capabilities.listsSeries = true
    capabilities.tracksEpisodes = true
    return capabilities
  }()

  /// The title words go to `SearchTerm`, years to `Years`, a rating's floor to
  /// `MinCommunityRating`, a genre to `GenreIds` and `played:` to `IsPlayed`; the rows are
  /// still checked against every filter.
  public func searchQuery(for search: MovieSearch, from query: MovieQuery) -> ServerSearch? {
    // `Years` lists each year: a range of a lifetime or less goes to the server.
    let listable = search.years.map { $0.count <= Self.maxListedYears } ?? false
    let filters: MovieSearch.ServerFilters = [.rating, .genres, .played]
    return search.serverSearch(from: query, filters: listable ? filters.union(.yearRange) : filters)
  }

  /// The most years one `Years` parameter lists.
  static let maxListedYears = 150

  /// `Jellyfin at media.local:8096`, for the banner and the spinner.
  public var name: String { ServerName.of("Jellyfin", at: server) }

  /// The address of one page of `query`; its search text and year narrow it on the server.
  /// Films and series are `/Items` of their type; a season's episodes, next up and
  /// `continue`'s lists are in ``JellyfinClient+Series``.
  public func itemsURL(_ number: Int, of query: MovieQuery) throws -> URL {
    let page = pageItems(number, of: query)
    switch query.listing {
    case .continuing: return resumeURL(page)
    case .nextUp: return nextUpURL(page)
    case .episodes(let season): return episodesURL(season, page)
    case .titles(let kind): return try titlesURL(kind, page, of: query)
    }
  }

  /// What every page asks: the user's items, one page of them, counted, with the fields.
  func pageItems(_ number: Int, of query: MovieQuery) -> [URLQueryItem] {
    [
      URLQueryItem(name: "userId", value: userID),
      URLQueryItem(name: "StartIndex", value: String((max(1, number) - 1) * query.pageSize)),
      URLQueryItem(name: "Limit", value: String(query.pageSize)),
      URLQueryItem(name: "EnableTotalRecordCount", value: "true"),
      URLQueryItem(name: "Fields", value: Self.fields),
    ]
  }

  /// `/Items` of films (`Movie`) or series (`Series`, with their season and episode counts)
  /// in the query's genre and order, or a search's matches.
  private func titlesURL(_ kind: TitleKind, _ page: [URLQueryItem], of query: MovieQuery) throws
    -> URL
  {
    guard let sort = Self.sorts.first(where: { $0.order == query.order }) else {
      throw http.unusable(
        .unknownOrder(query.order, known: Self.sorts.map { OrderName.shortName($0.order) }),
        .page(1))
    }
    let series = kind == .series
    var items =
      page.map { series && $0.name == "Fields" ? Self.seriesFields : $0 } + [
        URLQueryItem(name: "IncludeItemTypes", value: series ? "Series" : "Movie"),
        URLQueryItem(name: "Recursive", value: "true"),
        URLQueryItem(name: "SortBy", value: sort.sortBy),
        URLQueryItem(name: "SortOrder", value: sort.sortOrder),
      ]
    if !query.genreID.isEmpty { items.append(URLQueryItem(name: "GenreIds", value: query.genreID)) }
    if !query.searchText.isEmpty {
      items.append(URLQueryItem(name: "SearchTerm", value: query.searchText))
    }
    items += ServerFilterItems.jellyfin(query, maxListedYears: Self.maxListedYears)
    return Self.address(server, "Items", items)
  }

  /// Fetches one page (1-based) of the query.
  public func page(_ number: Int, of query: MovieQuery) async throws -> MoviePage {
    if query.isContinuing { return try await continuing(number, of: query) }
    let page = try await items(at: try itemsURL(number, of: query), .page(number))
    if case .episodes = query.listing { return page.onlyEpisodes() }
    return page
  }

  /// The items of one `BaseItemDtoQueryResult` at `url`, loaded as `target` says.
  func items(at url: URL, _ target: LoadTarget) async throws -> MoviePage {
    let data = try await http.get(url, target, limits: pageLimits)
    do {
      return try JellyfinItemParser.page(data, server: server)
    } catch {
      throw http.unusable(.unreadable(error.explanation), target)
    }
  }

  /// `/Items/{id}/Similar`: the films Jellyfin finds like it, for the user.
  public func similar(to movie: Movie) async throws -> MoviePage {
    guard let id = movie.id.flatMap(JellyfinItemParser.identifier) else {
      return MoviePage(movies: [], totalCount: 0)
    }
    let url = Self.address(
      server, "Items/\(id)/Similar",
      [
        URLQueryItem(name: "userId", value: userID),
        URLQueryItem(name: "Limit", value: String(Self.similarLimit)),
        URLQueryItem(name: "Fields", value: Self.fields),
      ])
    let data = try await http.get(url, .similar, limits: pageLimits)
    do {
      return try JellyfinItemParser.page(data, server: server)
    } catch {
      throw http.unusable(.unreadable(error.explanation), .similar)
    }
  }

  /// Every genre of films, in the source's order.
  public func genres() async throws -> [Genre] { try await genres(of: .film) }

  /// The genres of films or of series (`/Genres` of that `IncludeItemTypes`).
  public func genres(of kind: TitleKind) async throws -> [Genre] {
    let url = Self.address(
      server, "Genres",
      [
        URLQueryItem(name: "userId", value: userID),
        URLQueryItem(name: "IncludeItemTypes", value: kind == .series ? "Series" : "Movie"),
        URLQueryItem(name: "SortBy", value: "SortName"),
      ])
    let data = try await http.get(url, .genres, limits: http.limits(maxBytes: 1 << 20))
    do {
      return try JellyfinItemParser.genres(data)
    } catch {
      throw http.unusable(.unreadable(error.explanation), .genres)
    }
  }

  /// Posters are under the server itself: a reference that leads elsewhere is refused, since
  /// the credential goes with every request.
  public func thumbnailURL(for reference: String) throws -> URL {
    guard let url = URL(string: reference, relativeTo: Self.directory(server))?.absoluteURL,
      url.scheme == server.scheme, url.host == server.host, url.port == server.port
    else {
      throw http.unusable(.foreignAddress(TerminalText.escape(reference)), .poster)
    }
    return url
  }

  /// Loads the bytes at an address that ``thumbnailURL(for:)`` returned.
  public func thumbnailData(at url: URL) async throws -> Data {
    try await http.get(url, .poster, limits: imageLimits)
  }

  /// What `play N` hands to a player: the film's stream, the header it needs, and where to
  /// start. Nil for a film without an id.
  public func stream(for movie: Movie) -> StreamRequest? {
    // A series or a season is not played itself; an episode without a file has no stream.
    guard let id = movie.id, movie.kind == .film || movie.kind == .episode,
      movie.otherFields[JellyfinItemParser.missingField] == nil
    else { return nil }
    var components = URLComponents(
      url: Self.address(server, "Videos/\(id)/stream"), resolvingAgainstBaseURL: true)
    components?.queryItems = [URLQueryItem(name: "static", value: "true")]
    guard let url = components?.url else { return nil }
    return StreamRequest(
      url: url, headers: [authorization.headerLine], title: movie.title,
      start: movie.playback?.resumePosition ?? 0)
  }

  /// The server's base as a directory, so relative paths land under it.
  static func directory(_ server: URL) -> URL {
    server.absoluteString.hasSuffix("/")
      ? server : URL(string: server.absoluteString + "/") ?? server
  }

  static func address(_ server: URL, _ path: String) -> URL {
    directory(server).appendingPathComponent(path)
  }

  /// `path` under the server, with `query` (none: no `?`).
  static func address(_ server: URL, _ path: String, _ query: [URLQueryItem]) -> URL {
    var components = URLComponents(url: address(server, path), resolvingAgainstBaseURL: true)
    components?.queryItems = query.isEmpty ? nil : query
    return components?.url ?? server
  }
}
