import Foundation
import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// `--source jellyfin`: the token from the environment or the config file, the user resolved
/// once, and the client made. Every failure here ends the program before a command runs.
enum JellyfinSetup {
  /// Why the Jellyfin library cannot be browsed.
  enum Problem: Error, UserFacingError {
    case noServer
    case noToken
    case unusableToken
    case user(any Error)

    var code: ErrorCode {
      switch self {
      case .noServer, .noToken, .unusableToken: .usage
      case .user(let error): Reporter.describer.code(for: error)
      }
    }

    var message: String {
      switch self {
      case .noServer:
        "--source jellyfin needs the server's address, such as --api http://media.local:8096."
      case .noToken:
        "a Jellyfin library needs a token: make an API key in the server's dashboard "
          + "(Administration, API Keys) and set JELLYFIN_TOKEN, or jellyfin-token in the "
          + "config file."
      case .unusableToken:
        "JELLYFIN_TOKEN (or the config's jellyfin-token) holds characters no token has."
      case .user(JellyfinClient.Error.notAUserToken):
        "the Jellyfin token is an API key, which belongs to no user: name the user whose "
          + "library to show with --jellyfin-user NAME (or jellyfin-user in the config file)."
      case .user(let error): Reporter.describer.message(for: error)
      }
    }
  }

  /// The client for the library at `options.api`, as the user `--jellyfin-user` names, or the
  /// token's own user.
  static func client(_ options: Options, environment: [String: String], engine: HTTPEngine)
    async throws(Problem) -> JellyfinClient
  {
    guard let server = options.api else { throw .noServer }
    let token =
      environment[JellyfinClient.tokenVariable].flatMap { $0.isEmpty ? nil : $0 }
      ?? options.jellyfinToken
    guard let token else { throw .noToken }
    let authorization: JellyfinAuthorization
    do {
      authorization = try JellyfinAuthorization(
        token: token, device: hostName(), deviceID: deviceID(), version: Options.version)
    } catch {
      throw .unusableToken
    }
    do {
      let retry = RetryPolicy(retries: options.retries)
      let user = try await JellyfinClient.userID(
        named: options.jellyfinUser, server: server, authorization: authorization,
        engine: engine, retry: retry)
      return JellyfinClient(
        server: server, authorization: authorization, userID: user, engine: engine,
        retry: retry)
    } catch {
      throw .user(error)
    }
  }

  private static func hostName() -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return "unknown" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The same on every run for this user on this machine, so the server's dashboard lists
  /// one device, not one per run: FNV-1a of the host name and the user id.
  static func deviceID() -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in "\(hostName())/\(getuid())".utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return "movies-" + String(hash, radix: 16)
  }
}
