import Foundation
import MoviesCore

/// Reaching a Jellyfin server: its HTTP, how it is named in messages, and the user to browse as.
extension JellyfinClient {
  /// The way to a Jellyfin server: every request carries the authorization header, 401 and
  /// 403 mean the token, and the token is kept out of everything the server sends back.
  public static func http(
    authorization: JellyfinAuthorization, engine: HTTPEngine, retry: RetryPolicy = RetryPolicy()
  ) -> SourceHTTP {
    SourceHTTP(
      engine: engine, retry: retry, server: server, headers: [authorization.headerLine],
      secrets: [authorization.secret], refusedStatuses: [401, 403])
  }

  /// How a Jellyfin server is named in messages, what its address is, and what a refused
  /// token means.
  static let server = SourceHTTP.Server(
    name: "the Jellyfin server", address: "a Jellyfin server, such as http://media.local:8096"
  ) { status, target, _ in
    target == .users
      ? "The Jellyfin server refused the token (HTTP \(status)); make an API key in its "
        + "dashboard, or use a user's access token."
      : "The Jellyfin server refused to give \(target.name) (HTTP \(status)): the token does "
        + "not reach this user's library."
  }

  /// The user to browse as: the one called `name` (looked up in `/Users`, for an API key), or
  /// without a name the token's own user (`/Users/Me`, for a user's access token).
  public static func userID(named name: String?, server: URL, http: SourceHTTP) async throws
    -> String
  {
    let path = name == nil ? "Users/Me" : "Users"
    let data: Data
    do {
      data = try await http.get(
        address(server, path), .users, limits: http.limits(maxBytes: 1 << 20))
    } catch let failure as SourceHTTP.Failure {
      // Jellyfin: "Token is not owned by a user."
      if name == nil, case .status(400, _) = failure.cause { throw Error.notAUserToken }
      throw failure
    }
    let users: [(name: String, id: String)]
    do {
      users = try JellyfinItemParser.users(data)
    } catch {
      throw http.unusable(.unreadable(error.explanation), .users)
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
}
