import Foundation
import MovieSources
import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

extension SourceDefinition {
  /// A Jellyfin server's movie library, with a token from the environment or the config file.
  static let jellyfin = SourceDefinition(
    name: "jellyfin", summary: "a Jellyfin library at --api; needs JELLYFIN_TOKEN",
    address: .required(example: "http://media.local:8096"),
    settings: [
      .sourceName(
        "--jellyfin-user", key: "jellyfin-user",
        help: "whose Jellyfin library and watched state to show, for an API key (a user's own "
          + "token needs none)"),
      AccountAction.setting(
        .signIn,
        help: "ask for a Jellyfin user name and password (not echoed; from a pipe, the first "
          + "two lines), sign in, and keep the token for this server in a private file under "
          + "$XDG_STATE_HOME/movies/sign-in for later runs without JELLYFIN_TOKEN"),
      AccountAction.setting(
        .signOut, help: "end the kept Jellyfin session on the server and remove its token"),
    ],
    secrets: [
      Secret(
        variable: "JELLYFIN_TOKEN", configKey: "jellyfin-token",
        help: "the Jellyfin token (an API key or a user's access token)",
        sentAs: "an Authorization: MediaBrowser … Token=\"…\" header")
    ],
    setup: "a Jellyfin library needs a token: make an API key in the server's dashboard "
      + "(Administration, API Keys) and set JELLYFIN_TOKEN, or jellyfin-token in the config file.",
    asksAtStart: "Jellyfin",
    capabilities: JellyfinClient.declaredCapabilities, make: JellyfinSource.make)
}

/// How the Jellyfin source is made: the token, the user resolved once, the client.
enum JellyfinSource {
  static func make(_ context: SourceContext) async throws(StartupError) -> SourceChoice {
    let server = try ServerAddress.base(try context.address(of: .jellyfin), for: .jellyfin)
    guard let (token, origin) = try context.credential(of: .jellyfin, server: server)
    else { throw .needsSecret(.jellyfin) }
    let authorization: JellyfinAuthorization
    do {
      authorization = try JellyfinAuthorization(
        token: token, device: ClientIdentity.hostName(), deviceID: ClientIdentity.deviceID(),
        version: Options.version)
    } catch {
      throw .unusableSecret(origin: origin)
    }
    let http = JellyfinClient.http(
      authorization: authorization, engine: try context.engine(), retry: context.retry)
    let user: String
    do {
      user = try await JellyfinClient.userID(
        named: context.value("jellyfin-user"), server: server, http: http)
    } catch let failure as SourceHTTP.Failure where origin.hasPrefix(SourceContext.signedIn) {
      guard case .refused = failure.cause else { throw .setup(failure) }
      throw .setup(JellyfinClient.SignInError.keptTokenRefused)
    } catch JellyfinClient.Error.notAUserToken {
      throw .wrongSource(
        "the Jellyfin token is an API key, which belongs to no user: name the user whose "
          + "library to show with --jellyfin-user NAME (or jellyfin-user in the config file).")
    } catch {
      throw .setup(error)
    }
    let client = JellyfinClient(
      server: server, authorization: authorization, userID: user, http: http,
      credentialOrigin: origin, writesUserData: context.value("jellyfin-user") != nil)
    return SourceChoice(
      source: client, genreSource: client,
      recorded: RecordedSource(kind: "jellyfin", address: server), streamSource: client)
  }
}
