import Foundation
import MovieSources
import MoviesCore

extension SourceDefinition {
  /// A Plex Media Server's movie and TV libraries, with a token from the environment or the
  /// config file.
  static let plex = SourceDefinition(
    name: "plex",
    summary: "a Plex Media Server's movie and TV libraries at --api; needs PLEX_TOKEN",
    address: .required(example: "http://media.local:32400"),
    settings: [
      .sourceName(
        "--plex-library", key: "plex-library",
        help: "which movie or TV library of the Plex server to browse (default: the first of "
          + "each)")
    ],
    secrets: [
      Secret(
        variable: "PLEX_TOKEN", configKey: "plex-token", help: "the Plex server's token",
        sentAs: "an X-Plex-Token header, never in an address")
    ],
    setup: "a Plex library needs the server's token: set PLEX_TOKEN, or plex-token in the "
      + "config file (Plex's support article 'Finding an authentication token' says where to "
      + "find it).",
    asksAtStart: "Plex", capabilities: PlexClient.declaredCapabilities, make: PlexSource.make)
}

/// How the Plex source is made: the token, the server's identity and movie library found
/// once, the client.
enum PlexSource {
  static func make(_ context: SourceContext) async throws(StartupError) -> SourceChoice {
    let server = try ServerAddress.base(try context.address(of: .plex), for: .plex)
    guard let (_, token, origin) = try context.secret(among: SourceDefinition.plex.secrets)
    else { throw .needsSecret(.plex) }
    let headers: PlexHeaders
    do {
      headers = try PlexHeaders(
        token: token, clientIdentifier: ClientIdentity.deviceID(), version: Options.version)
    } catch {
      throw .unusableSecret(origin: origin)
    }
    let http = PlexClient.http(headers: headers, engine: try context.engine(), retry: context.retry)
    let client: PlexClient
    do {
      client = try await PlexClient.connect(
        server: server, headers: headers, library: context.value("plex-library"), http: http,
        credentialOrigin: origin)
    } catch let failure as SourceHTTP.Failure {
      // A refused token is said once, now, rather than by every command after.
      if case .refused = failure.cause { throw .refused(failure) }
      throw .setup(failure)
    } catch {
      throw .setup(error)
    }
    return SourceChoice(
      source: client, genreSource: client,
      recorded: RecordedSource(kind: "plex", address: server), streamSource: client)
  }
}
