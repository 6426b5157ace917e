import Foundation
import MoviesCore

/// A ``MovieSource``, ``GenreSource`` and ``StreamSource`` over one movie library (a section)
/// of a Plex Media Server, and one TV library beside it (``PlexClient+Series``).
///
/// Pages are `GET /library/sections/{key}/all?type=1`, paged by the `X-Plex-Container-Start`
/// and `X-Plex-Container-Size` headers; the list ends at the answer's `totalSize`. Every
/// request, posters and streams included, carries the ``PlexHeaders``: the token never goes
/// into an address.
public struct PlexClient: DeclaredSource, GenreSource, StreamSource {
  /// The orders a Plex library is browsed in, as the browser names them (the prompt's
  /// `added`, `newest`, `oldest`, `rating`, `title`), with Plex's `sort`; ties go by title
  /// sort, so pages never overlap.
  static let sorts: [(order: String, sort: String)] = [
    ("dateaddeddesc", "addedAt:desc,titleSort"),
    ("releasedatedesc", "originallyAvailableAt:desc,titleSort"),
    ("releasedateasc", "originallyAvailableAt,titleSort"),
    ("ratingdesc", "audienceRating:desc,titleSort"),
    ("titleasc", "titleSort"),
  ]
  /// Recently added first: the Plex habit.
  public static let defaultOrder = "dateaddeddesc"
  /// The poster size asked of the photo transcoder: enough for the terminal preview, a
  /// fraction of the original.
  public static let posterSize = (width: 400, height: 600)

  /// The server's base address, such as `http://media.local:32400`.
  public let server: URL
  /// The movie library browsed.
  public let section: PlexParser.Section
  /// The TV library `series` browses; nil when the server has none.
  public let showSection: PlexParser.Section?
  /// The server's id in Plex Web's addresses (`open N`); nil when `/identity` gave none.
  public let machineIdentifier: String?
  private let headers: PlexHeaders
  let http: SourceHTTP
  /// Where the token was read, for messages: `PLEX_TOKEN`.
  /// Where the token was read, for the banner.
  public let credentialOrigin: String

  /// A client for `section` of `server`, which `connect` finds.
  public init(
    server: URL, section: PlexParser.Section, showSection: PlexParser.Section? = nil,
    machineIdentifier: String?, headers: PlexHeaders, http: SourceHTTP,
    credentialOrigin: String = "PLEX_TOKEN"
  ) {
    self.server = server
    self.section = section
    self.showSection = showSection
    self.machineIdentifier = machineIdentifier
    self.headers = headers
    self.http = http
    self.credentialOrigin = credentialOrigin
  }

  /// Every request's engine, the stream's first answer's too.
  public var engine: HTTPEngine { http.engine }

  /// What a Plex library can do, known before a client is made.
  public static let declaredCapabilities: SourceCapabilities = {
    var capabilities = SourceCapabilities()
    capabilities.searchesOnServer = true
    capabilities.orders = sorts.map(\.order)
    capabilities.defaultOrder = defaultOrder
    capabilities.hasDetails = true
    capabilities.findsSimilar = true
    capabilities.noThumbnailMessage = "Plex has no poster for this film."
    capabilities.plays = true
    capabilities.resumesWatching = true
    capabilities.listsSeries = true
    capabilities.tracksEpisodes = true
    // A search's results in pages of a few hundred, as Jellyfin's, not of the list's ten.
    capabilities.searchPageSize = 200
    return capabilities
  }()

  /// The title words go to `title=`, years to `year>>=` and `year<<=`, a rating's floor to
  /// `audienceRating>>=`, a genre to `genre=` and `played:` to `unwatched`; the rows are still
  /// checked against every filter.
  public func searchQuery(for search: MovieSearch, from query: MovieQuery) -> ServerSearch? {
    search.serverSearch(from: query, filters: [.yearRange, .rating, .genres, .played])
  }

  /// `Plex at media.local:32400`, for the banner and the spinner.
  public var name: String { ServerName.of("Plex", at: server) }

  /// The address of `query`'s list (the page goes in the headers: ``pageHeaders(_:of:)``):
  /// a library's films (`type=1`) or shows (`type=2`), or one of the lists of
  /// ``seriesListURL(of:)``.
  public func listURL(of query: MovieQuery) throws -> URL {
    if let url = try seriesListURL(of: query) { return url }
    guard let sort = Self.sorts.first(where: { $0.order == query.order }) else {
      throw http.unusable(
        .unknownOrder(query.order, known: Self.sorts.map { OrderName.shortName($0.order) }),
        .page(1))
    }
    let shows = query.listing == .titles(.series)
    let library = shows ? try showLibrary() : section
    var items = [
      URLQueryItem(name: "type", value: shows ? "2" : "1"),
      URLQueryItem(name: "sort", value: sort.sort),
    ]
    if !query.genreID.isEmpty { items.append(URLQueryItem(name: "genre", value: query.genreID)) }
    if !query.searchText.isEmpty {
      items.append(URLQueryItem(name: "title", value: query.searchText))
    }
    items += ServerFilterItems.plex(query)
    return Self.address(server, "/library/sections/\(library.key)/all", query: items)
  }

  /// The headers that say which page (1-based) of `query` is asked: the container's start and
  /// size (the client's own headers go with every request).
  public func pageHeaders(_ number: Int, of query: MovieQuery) -> [String] {
    [
      "X-Plex-Container-Start: \((max(1, number) - 1) * query.pageSize)",
      "X-Plex-Container-Size: \(query.pageSize)",
    ]
  }

  /// Page `number` of `query`, asked for in the container headers.
  public func page(_ number: Int, of query: MovieQuery) async throws -> MoviePage {
    let data = try await http.get(
      try listURL(of: query), .page(number),
      limits: http.limits(maxBytes: HoppinClient.defaultPageLimit),
      extraHeaders: pageHeaders(number, of: query))
    let page: MoviePage
    do {
      page = try PlexParser.page(data, page: number, machineIdentifier: machineIdentifier)
    } catch {
      throw http.unusable(.unreadable(error.explanation), .page(number))
    }
    if case .episodes = query.listing { return page.onlyEpisodes() }
    return page
  }

  /// The section's genres (`/library/sections/{key}/genre`), each with the key `genre=` takes.
  public func genres() async throws -> [Genre] { try await genres(of: .film) }

  /// The genres of the movie library, or of the TV library for series.
  public func genres(of kind: TitleKind) async throws -> [Genre] {
    let library = kind == .series ? try showLibrary() : section
    let url = Self.address(server, "/library/sections/\(library.key)/genre")
    let data = try await http.get(url, .genres, limits: http.limits(maxBytes: 1 << 20))
    do {
      return try PlexParser.genres(data)
    } catch {
      throw http.unusable(.unreadable(error.explanation), .genres)
    }
  }

  /// `/library/metadata/{ratingKey}` with its extras: the tagline, directors, cast, the
  /// trailer and the rest `show N` prints. The trailer is a stream on this server, kept as
  /// its whole address (without the token, which goes in a header).
  public func details(for movie: Movie) async throws -> Movie {
    try await metadata(of: movie, .details)
  }

  /// `/library/metadata/{ratingKey}` read into `movie`, loaded as `target` says.
  func metadata(of movie: Movie, _ target: LoadTarget) async throws -> Movie {
    guard let key = PlexParser.number(movie.id) else { return movie }
    let url = Self.address(
      server, "/library/metadata/\(key)", query: [URLQueryItem(name: "includeExtras", value: "1")])
    let data = try await http.get(url, target, limits: http.limits(maxBytes: 1 << 20))
    let full: Movie
    do {
      full = try PlexParser.details(data, adding: movie, machineIdentifier: machineIdentifier)
    } catch {
      throw http.unusable(.unreadable(error.explanation), target)
    }
    return full.changing { $0.trailer = $0.trailer.map { Self.address(server, $0).absoluteString } }
  }

  /// `/library/metadata/{ratingKey}/similar`: the films Plex finds like it in the library.
  public func similar(to movie: Movie) async throws -> MoviePage {
    guard let key = PlexParser.number(movie.id) else {
      return MoviePage(movies: [], totalCount: 0)
    }
    let url = Self.address(server, "/library/metadata/\(key)/similar")
    let data = try await http.get(url, .similar, limits: http.limits(maxBytes: 1 << 22))
    do {
      return try PlexParser.page(data, page: 1, machineIdentifier: machineIdentifier)
    } catch {
      throw http.unusable(.unreadable(error.explanation), .similar)
    }
  }

  /// A poster is its `thumb` path on the server, shrunk by Plex's photo transcoder to the
  /// preview's size; anything but a plain path is refused, since the token goes with every
  /// request. The address is made from the path alone, so it (and the cache entry) changes
  /// when the path's timestamp does.
  public func thumbnailURL(for reference: String) throws -> URL {
    guard let path = PlexParser.serverPath(reference) else {
      throw http.unusable(.foreignAddress(TerminalText.escape(reference)), .poster)
    }
    return Self.address(
      server, "/photo/:/transcode",
      query: [
        URLQueryItem(name: "width", value: String(Self.posterSize.width)),
        URLQueryItem(name: "height", value: String(Self.posterSize.height)),
        URLQueryItem(name: "minSize", value: "1"), URLQueryItem(name: "url", value: path),
      ])
  }

  /// The poster's bytes, with the token in the header.
  public func thumbnailData(at url: URL) async throws -> Data {
    try await http.get(url, .poster, limits: http.limits(maxBytes: PosterLimit.bytes))
  }

  /// What `play N` hands to a player: the film's first part, the headers it needs, and where
  /// to start. Nil for a film without a part.
  public func stream(for movie: Movie) -> StreamRequest? {
    guard let path = movie.otherFields[PlexParser.streamField].flatMap(PlexParser.serverPath)
    else { return nil }
    return StreamRequest(
      url: Self.address(server, path), headers: streamHeaders, title: movie.title,
      start: movie.playback?.resumePosition ?? 0)
  }

  /// The trailer extra's stream, with the headers a film's stream has; nil when the film's
  /// trailer is not on this server.
  public func trailerStream(for movie: Movie) -> StreamRequest? {
    guard let trailer = movie.trailer, let url = URL(string: trailer),
      url.scheme == server.scheme, url.host == server.host, url.port == server.port,
      PlexParser.serverPath(url.path) != nil
    else { return nil }
    return StreamRequest(
      url: url, headers: streamHeaders, title: movie.title + " (trailer)", start: 0)
  }

  /// A stream's headers: the token and the client's names, not JSON's `Accept`.
  private var streamHeaders: [String] { headers.lines.filter { !$0.hasPrefix("Accept:") } }

  /// `path` (which starts with a slash) under the server's base, with `query`.
  static func address(_ server: URL, _ path: String, query: [URLQueryItem] = []) -> URL {
    let base =
      server.absoluteString.hasSuffix("/")
      ? String(server.absoluteString.dropLast()) : server.absoluteString
    guard var components = URLComponents(string: base + path) else { return server }
    if !query.isEmpty {
      // Everything but the unreserved characters escaped, so a `/`, `&` or `:` in a value
      // stays in it.
      components.percentEncodedQuery = query.map { item in
        (item.name.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "") + "="
          + ((item.value ?? "").addingPercentEncoding(withAllowedCharacters: unreserved) ?? "")
      }.joined(separator: "&")
    }
    return components.url ?? server
  }

  private static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
