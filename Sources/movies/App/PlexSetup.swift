import Foundation
import MoviesCore

/// `--source plex`: the token from the environment or the config file, the server's identity
/// and movie library found once, and the client made. Every failure here ends the program
/// before a command runs.
enum PlexSetup {
  /// Why the Plex library cannot be browsed.
  enum Problem: Error, UserFacingError {
    case noServer
    case noToken
    case unusableToken
    case connect(any Error)

    var code: ErrorCode {
      switch self {
      case .noServer, .noToken, .unusableToken: .usage
      case .connect(let error): Reporter.describer.code(for: error)
      }
    }

    var message: String {
      switch self {
      case .noServer:
        "--source plex needs the server's address, such as --api http://media.local:32400."
      case .noToken:
        "a Plex library needs the server's token: set PLEX_TOKEN, or plex-token in the "
          + "config file (Plex's support article 'Finding an authentication token' says where "
          + "to find it)."
      case .unusableToken:
        "PLEX_TOKEN (or the config's plex-token) holds characters no token has."
      case .connect(let error): Reporter.describer.message(for: error)
      }
    }
  }

  /// The client for the movie library `--plex-library` names (or the first) at `options.api`.
  static func client(_ options: Options, environment: [String: String], engine: HTTPEngine)
    async throws(Problem) -> PlexClient
  {
    guard let server = options.api else { throw .noServer }
    let token = environment["PLEX_TOKEN"].flatMap { $0.isEmpty ? nil : $0 } ?? options.plexToken
    guard let token else { throw .noToken }
    let headers: PlexHeaders
    do {
      headers = try PlexHeaders(
        token: token, clientIdentifier: JellyfinSetup.deviceID(), version: Options.version)
    } catch {
      throw .unusableToken
    }
    do {
      return try await PlexClient.connect(
        server: server, headers: headers, library: options.plexLibrary, engine: engine,
        retry: RetryPolicy(retries: options.retries))
    } catch {
      throw .connect(error)
    }
  }
}
