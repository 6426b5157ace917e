import Foundation

/// A ``MovieSource``, ``GenreSource`` and ``StreamSource`` over a Jellyfin server's movie
/// library.
///
/// Pages are `GET /Items` for one user (`userId`), films only, recursively, by `StartIndex`
/// and `Limit`, with the total counted (`EnableTotalRecordCount`) so the list ends there.
/// Every request, posters included, carries the ``JellyfinAuthorization`` header; the token
/// never goes into an address.
public struct JellyfinClient: MovieSource, GenreSource, StreamSource {
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
  /// The orders a library is browsed in, known before a client is made.
  public static var orders: [String] { sorts.map(\.order) }
  /// Recently added first: the Jellyfin habit.
  public static let defaultOrder = "dateaddeddesc"
  /// The poster width asked for: enough for the terminal preview, a fraction of the original.
  public static let posterWidth = 400
  /// The fields the table and `show N` need beyond Jellyfin's defaults.
  static let fields = "Genres,Overview"

  /// The server's base address, such as `http://media.local:8096`.
  public let server: URL
  /// The user whose library and watched state are shown.
  public let userID: String
  private let authorization: JellyfinAuthorization
  private let engine: HTTPEngine
  private let retry: RetryPolicy
  private let pageLimits: TransferLimits
  private let imageLimits: TransferLimits

  public init(
    server: URL, authorization: JellyfinAuthorization, userID: String, engine: HTTPEngine,
    retry: RetryPolicy = RetryPolicy()
  ) {
    self.server = server
    self.userID = userID
    self.authorization = authorization
    self.engine = engine
    self.retry = retry
    pageLimits = TransferLimits(maxBytes: HoppinClient.defaultPageLimit, deadline: engine.timeout)
    imageLimits = TransferLimits(
      maxBytes: HoppinClient.defaultImageLimit, deadline: engine.timeout)
  }

  public var capabilities: SourceCapabilities {
    var capabilities = SourceCapabilities()
    capabilities.searchesOnServer = true
    capabilities.orders = Self.orders
    capabilities.defaultOrder = Self.defaultOrder
    capabilities.credential = Self.tokenVariable
    capabilities.noThumbnailMessage = "Jellyfin has no poster for this film."
    return capabilities
  }

  /// The title words go to `SearchTerm`, an exact year to `Years`; the other filters are
  /// applied to the rows.
  public func searchQuery(for search: MovieSearch, from query: MovieQuery) -> MovieQuery? {
    search.serverQuery(from: query)
  }

  /// `Jellyfin at media.local:8096`, for the banner and the spinner.
  public var name: String { Self.name(of: server) }

  /// The name of the library at `server`, known before the client is made: the banner shows
  /// while the user is looked up.
  public static func name(of server: URL) -> String {
    guard let host = server.host else { return "Jellyfin at " + server.absoluteString }
    return "Jellyfin at " + (server.port.map { "\(host):\($0)" } ?? host)
  }

  /// The environment variable the token is read from.
  public static let tokenVariable = "JELLYFIN_TOKEN"

  /// The user to browse as: the one called `name` (looked up in `/Users`, for an API key), or
  /// without a name the token's own user (`/Users/Me`, for a user's access token).
  public static func userID(
    named name: String?, server: URL, authorization: JellyfinAuthorization, engine: HTTPEngine,
    retry: RetryPolicy = RetryPolicy()
  ) async throws -> String {
    let path = name == nil ? "Users/Me" : "Users"
    let limits = TransferLimits(maxBytes: 1 << 20, deadline: engine.timeout)
    let data: Data
    do {
      data = try await load(
        address(server, path), target: .users, authorization: authorization, engine: engine,
        retry: retry, limits: limits)
    } catch Error.status(400, .users) where name == nil {
      throw Error.notAUserToken  // Jellyfin: "Token is not owned by a user."
    }
    let users: [(name: String, id: String)]
    do {
      users = try JellyfinItemParser.users(data)
    } catch {
      throw Error.unreadable(error, .users)
    }
    guard let name else {
      guard let me = users.first else { throw Error.notAUserToken }
      return me.id
    }
    let wanted = MovieSearch.foldedString(name)
    guard let user = users.first(where: { MovieSearch.foldedString($0.name) == wanted }) else {
      throw Error.noSuchUser(name, known: users.map(\.name))
    }
    return user.id
  }

  /// The address of one page of `query`; its search text and year narrow it on the server.
  public func itemsURL(_ number: Int, of query: MovieQuery) throws -> URL {
    guard let sort = Self.sorts.first(where: { $0.order == query.order }) else {
      throw Error.unknownOrder(query.order, known: Self.sorts.map { OrderName.shortName($0.order) })
    }
    var items = [
      URLQueryItem(name: "userId", value: userID),
      URLQueryItem(name: "IncludeItemTypes", value: "Movie"),
      URLQueryItem(name: "Recursive", value: "true"),
      URLQueryItem(name: "StartIndex", value: String((max(1, number) - 1) * query.pageSize)),
      URLQueryItem(name: "Limit", value: String(query.pageSize)),
      URLQueryItem(name: "EnableTotalRecordCount", value: "true"),
      URLQueryItem(name: "Fields", value: Self.fields),
      URLQueryItem(name: "SortBy", value: sort.sortBy),
      URLQueryItem(name: "SortOrder", value: sort.sortOrder),
    ]
    if !query.genreID.isEmpty { items.append(URLQueryItem(name: "GenreIds", value: query.genreID)) }
    if !query.searchText.isEmpty {
      items.append(URLQueryItem(name: "SearchTerm", value: query.searchText))
    }
    if let year = query.releaseYear {
      items.append(URLQueryItem(name: "Years", value: String(year)))
    }
    var components = URLComponents(
      url: Self.address(server, "Items"), resolvingAgainstBaseURL: true)
    components?.queryItems = items
    return components?.url ?? server
  }

  public func page(_ number: Int, of query: MovieQuery) async throws -> MoviePage {
    let url = try itemsURL(number, of: query)
    let data = try await get(url, target: .page(number), limits: pageLimits)
    do {
      return try JellyfinItemParser.page(data, server: server)
    } catch {
      throw Error.unreadable(error, .page(number))
    }
  }

  public func genres() async throws -> [Genre] {
    var components = URLComponents(
      url: Self.address(server, "Genres"), resolvingAgainstBaseURL: true)
    components?.queryItems = [
      URLQueryItem(name: "userId", value: userID),
      URLQueryItem(name: "IncludeItemTypes", value: "Movie"),
      URLQueryItem(name: "SortBy", value: "SortName"),
    ]
    let url = components?.url ?? server
    let data = try await get(
      url, target: .genres, limits: TransferLimits(maxBytes: 1 << 20, deadline: engine.timeout))
    do {
      return try JellyfinItemParser.genres(data)
    } catch {
      throw Error.unreadable(error, .genres)
    }
  }

  /// Posters are under the server itself: a reference that leads elsewhere is refused, since
  /// the credential goes with every request.
  public func thumbnailURL(for reference: String) throws -> URL {
    guard let url = URL(string: reference, relativeTo: Self.directory(server))?.absoluteURL,
      url.scheme == server.scheme, url.host == server.host, url.port == server.port
    else {
      throw Error.foreignAddress(TerminalText.escape(reference))
    }
    return url
  }

  public func thumbnailData(at url: URL) async throws -> Data {
    try await get(url, target: .thumbnail, limits: imageLimits)
  }

  /// What `play N` hands to a player: the film's stream, the header it needs, and where to
  /// start. Nil for a film without an id.
  public func stream(for movie: Movie) -> StreamRequest? {
    guard let id = movie.id else { return nil }
    var components = URLComponents(
      url: Self.address(server, "Videos/\(id)/stream"), resolvingAgainstBaseURL: true)
    components?.queryItems = [URLQueryItem(name: "static", value: "true")]
    guard let url = components?.url else { return nil }
    return StreamRequest(
      url: url, headers: [authorization.headerLine], title: movie.title,
      start: movie.playback?.resumePosition ?? 0)
  }

  private func get(_ url: URL, target: Error.Target, limits: TransferLimits) async throws -> Data {
    try await Self.load(
      url, target: target, authorization: authorization, engine: engine, retry: retry,
      limits: limits)
  }

  /// Loads a body, retrying what may pass (a timeout, a dropped connection, a 503 while the
  /// server restarts, a 429 after its `Retry-After`); throws the last failure.
  private static func load(
    _ url: URL, target: Error.Target, authorization: JellyfinAuthorization, engine: HTTPEngine,
    retry: RetryPolicy, limits: TransferLimits
  ) async throws -> Data {
    try await retry.run { _ in
      let response: HTTPEngine.Response
      do {
        response = try await engine.load(url, limits: limits, headers: [authorization.headerLine])
      } catch let failure as TransferFailure {
        return .failure(
          Error.transfer(failure, target), transient: failure.isTransient, retryAfter: nil)
      }
      switch response.status {
      case 200..<300: return .success(response.body)
      case 401, 403: throw Error.refused(response.status, target)
      default:
        let failure = Error.status(response.status, target)
        return .failure(
          failure, transient: failure.kind == .transient,
          retryAfter: RetryAfter.wait(response.retryAfter))
      }
    }
  }

  /// The server's base as a directory, so relative paths land under it.
  static func directory(_ server: URL) -> URL {
    server.absoluteString.hasSuffix("/")
      ? server : URL(string: server.absoluteString + "/") ?? server
  }

  static func address(_ server: URL, _ path: String) -> URL {
    directory(server).appendingPathComponent(path)
  }
}
