import Foundation
import MoviesCore

/// Reaching a Plex server: its HTTP, how it is named in messages, and the libraries it has.
extension PlexClient {
  /// The way to a Plex server: every request carries the ``PlexHeaders``, 401 means the
  /// token, and the token is kept out of everything the server sends back.
  public static func http(
    headers: PlexHeaders, engine: HTTPEngine, retry: RetryPolicy = RetryPolicy()
  )
    -> SourceHTTP
  {
    SourceHTTP(
      engine: engine, retry: retry, server: server, headers: headers.lines,
      secrets: [headers.secret], refusedStatuses: [401, 403])
  }

  /// How a Plex server is named in messages, what its address is, and what a refused token
  /// means.
  static let server = SourceHTTP.Server(
    name: "the Plex server", address: "a Plex Media Server, such as http://media.local:32400"
  ) { status, target, _ in
    "The Plex server refused the token (HTTP \(status)) when asked for \(target.name): set "
      + "PLEX_TOKEN (or plex-token in the config file) to a token of this server."
  }

  /// Asks the server who it is (`/identity`) and which libraries it has
  /// (`/library/sections`), and browses the movie and the TV library called `library` (any
  /// case), or the first of each.
  public static func connect(
    server: URL, headers: PlexHeaders, library: String?, http: SourceHTTP,
    credentialOrigin: String = "PLEX_TOKEN"
  ) async throws -> PlexClient {
    let limits = http.limits(maxBytes: 1 << 20)
    let identity = try await http.get(address(server, "/identity"), .identity, limits: limits)
    let listing = try await http.get(
      address(server, "/library/sections"), .sections, limits: limits)
    let machine: String?
    let sections: [PlexParser.Section]
    let shows: [PlexParser.Section]
    do {
      machine = try PlexParser.machineIdentifier(identity)
    } catch {
      throw http.unusable(.unreadable(error.explanation), .identity)
    }
    do {
      sections = try PlexParser.movieSections(listing)
      shows = try PlexParser.sections(listing, ofType: "show")
    } catch {
      throw http.unusable(.unreadable(error.explanation), .sections)
    }
    let wanted = library.map(MovieSearch.foldedString)
    func named(_ among: [PlexParser.Section]) -> PlexParser.Section? {
      among.first { MovieSearch.foldedString($0.title) == wanted }
    }
    // A TV library's name picks it for `series`, the films staying in the first movie library.
    let show = wanted == nil ? shows.first : named(shows) ?? shows.first
    guard
      let section = wanted == nil || named(shows) != nil ? sections.first : named(sections)
    else {
      throw Error.noSuchLibrary(library, known: sections.map(\.title))
    }
    return PlexClient(
      server: server, section: section, showSection: show, machineIdentifier: machine,
      headers: headers, http: http, credentialOrigin: credentialOrigin)
  }
}
