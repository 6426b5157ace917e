import Foundation
import MoviesCore

/// Signing in to a Jellyfin server with a user name and password, as its own clients do, and
/// ending that session: `POST /Users/AuthenticateByName` answers an access token for the
/// user (Jellyfin's `AuthenticationResult`), and `POST /Sessions/Logout` with that token
/// ends it on the server.
extension JellyfinClient {
  /// What a sign-in answers: the user's access token, their id and name.
  public struct SignedIn: Sendable, Equatable {
    /// The access token; never shown.
    public var token: String
    /// The user's id (`User.Id`).
    public var userID: String
    /// The user's name as the server spells it.
    public var userName: String

    /// What a sign-in answered.
    public init(token: String, userID: String, userName: String) {
      self.token = token
      self.userID = userID
      self.userName = userName
    }
  }

  /// Why a sign-in or sign-out did not happen, in one sentence each.
  public enum SignInError: Swift.Error, Sendable, SourceFailure {
    /// 401: the user name or the password is wrong (Jellyfin does not say which).
    case wrongPassword
    /// 403: the account may not sign in (disabled, or not from this network).
    case notAllowed
    /// A 2xx answer without a token and a user id.
    case unreadableAnswer
    /// A later run's kept token was refused: revoked in the dashboard, or expired.
    case keptTokenRefused

    /// Asking again the same way will not help.
    public var kind: SourceFailureKind { .lasting }
    /// Not a usage error: the command line was right.
    public var code: ErrorCode { .source }

    /// What happened, and that nothing was kept.
    public var message: String {
      switch self {
      case .wrongPassword:
        "The Jellyfin server refused the user name or password; nothing was kept."
      case .notAllowed:
        "The Jellyfin server does not let this user sign in here (the account may be "
          + "disabled, or kept from remote connections); nothing was kept."
      case .unreadableAnswer:
        "The Jellyfin server's answer to the sign-in held no token; nothing was kept."
      case .keptTokenRefused:
        "The Jellyfin server no longer takes the token kept when you signed in (it may have "
          + "been revoked or have expired): sign in again with --sign-in."
      }
    }
  }

  /// What is done with the user's own credentials: for messages about a failed request.
  static let signingIn: LoadTarget = {
    var target = LoadTarget(.server, name: "the sign-in")
    target.verb = "send"
    return target
  }()

  /// Ending the session.
  static let signingOut: LoadTarget = {
    var target = LoadTarget(.server, name: "the sign-out")
    target.verb = "send"
    return target
  }()

  /// Signs in as `user` with `password` at `server`; `http` carries the client's
  /// description without a token (``JellyfinAuthorization/signingIn(device:deviceID:version:)``).
  /// The password goes only into this request's body.
  public static func signIn(user: String, password: String, server: URL, http: SourceHTTP)
    async throws -> SignedIn
  {
    let body = try JSONSerialization.data(withJSONObject: ["Username": user, "Pw": password])
    let data: Data
    do {
      data = try await http.post(address(server, "Users/AuthenticateByName"), signingIn, json: body)
    } catch let failure as SourceHTTP.Failure {
      switch failure.cause {
      case .refused(401, _), .status(401, _): throw SignInError.wrongPassword
      case .refused(403, _), .status(403, _): throw SignInError.notAllowed
      default: throw failure
      }
    }
    guard let signedIn = signedIn(data) else { throw SignInError.unreadableAnswer }
    return signedIn
  }

  /// Ends the session of the token `http` carries.
  public static func signOut(server: URL, http: SourceHTTP) async throws {
    _ = try await http.post(address(server, "Sessions/Logout"), signingOut)
  }

  /// The token, the user's id and name in an `AuthenticationResult`; nil when either of the
  /// first two is missing or is no string (a token is checked again where it is used).
  static func signedIn(_ data: Data) -> SignedIn? {
    guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let token = root["AccessToken"] as? String, !token.isEmpty,
      let user = root["User"] as? [String: Any], let id = user["Id"] as? String, !id.isEmpty
    else { return nil }
    return SignedIn(token: token, userID: id, userName: user["Name"] as? String ?? "")
  }
}
