import MoviesCore

/// The credential and the client's description that Jellyfin takes on every request, as one
/// `Authorization: MediaBrowser …` header: the form that keeps working on Jellyfin 12, where
/// the legacy `X-Emby-Token` header and `api_key` parameter are off by default.
///
/// Its `description` never shows the token, so it can be logged or interpolated safely.
public struct JellyfinAuthorization: Sendable, CustomStringConvertible {
  /// Nil while signing in: the client is described, and no token is sent.
  private let token: String?
  /// The program's name as the server's dashboard lists it.
  public let client: String
  /// The device's name as the dashboard lists it (the host's name).
  public let device: String
  /// A stable id for this device, so the server keeps one session for it.
  public let deviceID: String
  /// The program's version.
  public let version: String

  /// - Parameters:
  ///   - token: an API key from the dashboard or a user's access token.
  ///   - device, deviceID: this machine, as the dashboard's device list shows it; characters
  ///     a quoted header value cannot hold are dropped.
  public init(
    token: String, device: String, deviceID: String, version: String, client: String = "movies"
  ) throws(UnusableToken) {
    guard !token.isEmpty, token.unicodeScalars.allSatisfy(Self.isTokenCharacter) else {
      throw UnusableToken()
    }
    self.token = token
    self.client = Self.quotable(client)
    self.device = Self.quotable(device)
    self.deviceID = Self.quotable(deviceID)
    self.version = Self.quotable(version)
  }

  /// The client described without a token, for `POST /Users/AuthenticateByName`, which
  /// Jellyfin refuses without `Client` (and keeps a session per `DeviceId`).
  public static func signingIn(device: String, deviceID: String, version: String) -> Self {
    Self(device: device, deviceID: deviceID, version: version)
  }

  private init(device: String, deviceID: String, version: String) {
    token = nil
    client = "movies"
    self.device = Self.quotable(device)
    self.deviceID = Self.quotable(deviceID)
    self.version = Self.quotable(version)
  }

  /// The header's value.
  public var headerValue: String {
    "MediaBrowser Client=\"\(client)\", Device=\"\(device)\", DeviceId=\"\(deviceID)\", "
      + "Version=\"\(version)\"" + (token.map { ", Token=\"\($0)\"" } ?? "")
  }

  /// The token itself, for the redaction of what the server sends back.
  var secret: String { token ?? "" }

  /// The whole header line, for ``HTTPEngine/load(_:limits:headers:)``.
  public var headerLine: String { "Authorization: " + headerValue }

  /// The header's parameters with the token hidden, for messages and logs.
  public var description: String {
    "MediaBrowser Client=\"\(client)\", Device=\"\(device)\", DeviceId=\"\(deviceID)\", "
      + "Version=\"\(version)\"" + (token == nil ? "" : ", Token=(hidden)")
  }

  /// Visible ASCII but the quote and backslash: Jellyfin's tokens are hex digits.
  private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
    (0x21..<0x7F).contains(scalar.value) && scalar != "\"" && scalar != "\\"
  }

  private static func quotable(_ text: String) -> String {
    let kept = text.unicodeScalars.filter {
      (0x20..<0x7F).contains($0.value) && $0 != "\"" && $0 != "\\"
    }
    let result = String(String.UnicodeScalarView(kept))
    return result.isEmpty ? "unknown" : String(result.prefix(64))
  }
}
