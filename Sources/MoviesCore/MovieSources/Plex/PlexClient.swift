import Foundation

/// A ``MovieSource``, ``GenreSource`` and ``StreamSource`` over one movie library (a section)
/// of a Plex Media Server.
///
/// Pages are `GET /library/sections/{key}/all?type=1`, paged by the `X-Plex-Container-Start`
/// and `X-Plex-Container-Size` headers; the list ends at the answer's `totalSize`. Every
/// request, posters and streams included, carries the ``PlexHeaders``: the token never goes
/// into an address.
public struct PlexClient: MovieSource, GenreSource, StreamSource {
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
  /// The server's id in Plex Web's addresses (`open N`); nil when `/identity` gave none.
  public let machineIdentifier: String?
  let headers: PlexHeaders
  let engine: HTTPEngine
  let retry: RetryPolicy

  public init(
    server: URL, section: PlexParser.Section, machineIdentifier: String?, headers: PlexHeaders,
    engine: HTTPEngine, retry: RetryPolicy = RetryPolicy()
  ) {
    self.server = server
    self.section = section
    self.machineIdentifier = machineIdentifier
    self.headers = headers
    self.engine = engine
    self.retry = retry
  }

  /// Asks the server who it is (`/identity`) and which movie libraries it has
  /// (`/library/sections`), and browses the one called `library` (any case), or the first.
  public static func connect(
    server: URL, headers: PlexHeaders, library: String?, engine: HTTPEngine,
    retry: RetryPolicy = RetryPolicy()
  ) async throws -> PlexClient {
    let limits = TransferLimits(maxBytes: 1 << 20, deadline: engine.timeout)
    let identity = try await load(
      address(server, "/identity"), target: .identity, headers: headers.lines, engine: engine,
      retry: retry, limits: limits)
    let listing = try await load(
      address(server, "/library/sections"), target: .sections, headers: headers.lines,
      engine: engine, retry: retry, limits: limits)
    let machine: String?
    let sections: [PlexParser.Section]
    do {
      machine = try PlexParser.machineIdentifier(identity)
    } catch {
      throw Error.unreadable(error, .identity)
    }
    do {
      sections = try PlexParser.movieSections(listing)
    } catch {
      throw Error.unreadable(error, .sections)
    }
    let wanted = library.map(MovieSearch.foldedString)
    guard
      let section = wanted.map({ name in
        sections.first { MovieSearch.foldedString($0.title) == name }
      }) ?? sections.first
    else {
      throw Error.noSuchLibrary(library, known: sections.map(\.title))
    }
    return PlexClient(
      server: server, section: section, machineIdentifier: machine, headers: headers,
      engine: engine, retry: retry)
  }

  public var capabilities: SourceCapabilities {
    var capabilities = SourceCapabilities()
    capabilities.searchesOnServer = true
    capabilities.orders = Self.sorts.map(\.order)
    capabilities.defaultOrder = Self.defaultOrder
    capabilities.hasDetails = true
    capabilities.credential = "PLEX_TOKEN"
    capabilities.noThumbnailMessage = "Plex has no poster for this film."
    return capabilities
  }

  /// The title words go to `title=`, an exact year to `year=`; the other filters are applied
  /// to the rows.
  public func searchQuery(for search: MovieSearch, from query: MovieQuery) -> MovieQuery? {
    search.serverQuery(from: query)
  }

  /// `Plex at media.local:32400`, for the banner and the spinner.
  public var name: String {
    guard let host = server.host else { return "Plex at " + server.absoluteString }
    return "Plex at " + (server.port.map { "\(host):\($0)" } ?? host)
  }

  /// The address of `query`'s list (the page goes in the headers: ``pageHeaders(_:of:)``).
  public func listURL(of query: MovieQuery) throws -> URL {
    guard let sort = Self.sorts.first(where: { $0.order == query.order }) else {
      throw Error.unknownOrder(query.order, known: Self.sorts.map { OrderName.shortName($0.order) })
    }
    var items = [
      URLQueryItem(name: "type", value: "1"), URLQueryItem(name: "sort", value: sort.sort),
    ]
    if !query.genreID.isEmpty { items.append(URLQueryItem(name: "genre", value: query.genreID)) }
    if !query.searchText.isEmpty {
      items.append(URLQueryItem(name: "title", value: query.searchText))
    }
    if let year = query.releaseYear {
      items.append(URLQueryItem(name: "year", value: String(year)))
    }
    return Self.address(server, "/library/sections/\(section.key)/all", query: items)
  }

  /// The headers of page `number` (1-based) of `query`: the client's, and the container's
  /// start and size.
  public func pageHeaders(_ number: Int, of query: MovieQuery) -> [String] {
    headers.lines + [
      "X-Plex-Container-Start: \((max(1, number) - 1) * query.pageSize)",
      "X-Plex-Container-Size: \(query.pageSize)",
    ]
  }

  public func page(_ number: Int, of query: MovieQuery) async throws -> MoviePage {
    let data = try await get(
      try listURL(of: query), target: .page(number), headers: pageHeaders(number, of: query),
      maxBytes: HoppinClient.defaultPageLimit)
    do {
      return try PlexParser.page(data, page: number, machineIdentifier: machineIdentifier)
    } catch {
      throw Error.unreadable(error, .page(number))
    }
  }

  public func genres() async throws -> [Genre] {
    let url = Self.address(server, "/library/sections/\(section.key)/genre")
    let data = try await get(url, target: .genres, headers: headers.lines, maxBytes: 1 << 20)
    do {
      return try PlexParser.genres(data)
    } catch {
      throw Error.unreadable(error, .genres)
    }
  }

  /// `/library/metadata/{ratingKey}`: the tagline, directors, cast and the rest `show N`
  /// prints.
  public func details(for movie: Movie) async throws -> Movie {
    guard let key = PlexParser.number(movie.id) else { return movie }
    let url = Self.address(server, "/library/metadata/\(key)")
    let data = try await get(url, target: .details, headers: headers.lines, maxBytes: 1 << 20)
    do {
      return try PlexParser.details(data, adding: movie, machineIdentifier: machineIdentifier)
    } catch {
      throw Error.unreadable(error, .details)
    }
  }

  /// A poster is its `thumb` path on the server, shrunk by Plex's photo transcoder to the
  /// preview's size; anything but a plain path is refused, since the token goes with every
  /// request. The address is made from the path alone, so it (and the cache entry) changes
  /// when the path's timestamp does.
  public func thumbnailURL(for reference: String) throws -> URL {
    guard let path = PlexParser.serverPath(reference) else {
      throw Error.foreignAddress(TerminalText.escape(reference))
    }
    return Self.address(
      server, "/photo/:/transcode",
      query: [
        URLQueryItem(name: "width", value: String(Self.posterSize.width)),
        URLQueryItem(name: "height", value: String(Self.posterSize.height)),
        URLQueryItem(name: "minSize", value: "1"), URLQueryItem(name: "url", value: path),
      ])
  }

  public func thumbnailData(at url: URL) async throws -> Data {
    try await get(
      url, target: .thumbnail, headers: headers.lines, maxBytes: HoppinClient.defaultImageLimit)
  }

  /// What `play N` hands to a player: the film's first part, the headers it needs, and where
  /// to start. Nil for a film without a part.
  public func stream(for movie: Movie) -> StreamRequest? {
    guard let path = movie.otherFields[PlexParser.streamField].flatMap(PlexParser.serverPath)
    else { return nil }
    return StreamRequest(
      url: Self.address(server, path), headers: headers.lines.filter { !$0.hasPrefix("Accept:") },
      title: movie.title, start: movie.playback?.resumePosition ?? 0)
  }

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
        item.name + "="
          + ((item.value ?? "").addingPercentEncoding(withAllowedCharacters: unreserved) ?? "")
      }.joined(separator: "&")
    }
    return components.url ?? server
  }

  private static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
