import Foundation
import MoviesCore

/// One film read again from the server, the one way `show wN` and `play N` both ask for it.
extension JellyfinClient {
  /// The film as the server has it now: its overview, running time and what the user has
  /// watched, for `show wN`. Nil for a film without an id.
  public func current(_ movie: Movie) async throws -> Movie? {
    guard let id = movie.id else { return nil }
    return try await item(id, .details)
  }

  /// One film with the user's data as the server has it now, loaded as `target` says (for
  /// `show wN` or `play N`): `/Items/{id}?userId=`, or `/Users/{userId}/Items/{id}` on a server
  /// before 10.9 (see ``JellyfinPaths``).
  func item(_ id: String, _ target: LoadTarget) async throws -> Movie {
    // A series' counts too: the same fields as its row in the list.
    let fields = Self.seriesFields
    let data = try await paths.trying(
      current: Self.address(
        server, "Items/\(id)", [URLQueryItem(name: "userId", value: userID), fields]),
      older: Self.address(server, "Users/\(userID)/Items/\(id)", [fields])
    ) { address in
      try await http.get(address, target, limits: pageLimits)
    }
    do {
      return try JellyfinItemParser.item(data, server: server)
    } catch {
      throw http.unusable(.unreadable(error.explanation), target)
    }
  }
}
