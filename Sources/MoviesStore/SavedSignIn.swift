import Foundation
import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// The token a sign-in (`--sign-in`) got from a server, kept for later runs: one private
/// file per source and server under the state folder, `$XDG_STATE_HOME/movies/sign-in/`
/// (else `~/.local/state/movies/sign-in/`), written by ``PrivateFile`` (0600, whole, never
/// through a symlink).
///
/// The file is read back as untrusted: only a regular file of its owner alone (not a
/// symlink, not readable by others), of a few kilobytes, holding this server's address.
public struct SavedSignIn: Sendable, Equatable {
  /// The server, as the address it was signed in to.
  public var server: URL
  /// The user's name, for the banner and messages.
  public var userName: String
  /// The user's id, as the sign-in answered it.
  public var userID: String
  /// The access token; never shown.
  public var token: String

  /// A sign-in to keep.
  public init(server: URL, userName: String, userID: String, token: String) {
    self.server = server
    self.userName = userName
    self.userID = userID
    self.token = token
  }

  /// What was found for a server.
  public enum Loaded: Sendable, Equatable {
    case none
    case found(SavedSignIn)
    /// A file is there but is not used; the sentence says why and what to do.
    case unusable(String)
  }

  /// The largest file read: a token and a user's name and id are a few hundred bytes.
  static let sizeLimit = 16_384

  /// The folder of the sign-ins, in the ``StateFolder``.
  public static func folder(environment: [String: String]) -> URL? {
    StateFolder.url(environment: environment)?.appendingPathComponent("sign-in")
  }

  /// The file for `source`'s server at `server`: `jellyfin-media.local-8096-1a2b3c4d.json`,
  /// the host for a person reading the folder, a hash of the whole address (scheme, host,
  /// port and path) so two servers never share one.
  public static func file(source: String, server: URL, in folder: URL) -> URL {
    let key = normalized(server)
    let host = (server.host ?? "server").lowercased().unicodeScalars.filter {
      ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-"
    }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let name =
      "\(source)-\(String(String.UnicodeScalarView(host)).prefix(64))-\(port(of: server))-"
      + String(hash, radix: 16)
    return folder.appendingPathComponent(name + ".json")
  }

  /// Reads the sign-in kept in `file` for `server`.
  public static func load(from file: URL, server: URL) -> Loaded {
    let path = file.path
    var status = stat()
    guard lstat(path, &status) == 0 else { return .none }
    let shown = TerminalText.escape(path)
    guard (status.st_mode & S_IFMT) == S_IFREG,
      let read = RegularFile.read(path, upTo: sizeLimit + 1, links: .refuse)
    else {
      return .unusable(
        "\(shown) is not a regular file, so its sign-in is not used; remove it and sign in "
          + "again.")
    }
    guard read.permissions & 0o077 == 0, status.st_uid == getuid() else {
      return .unusable(
        "\(shown) can be read by others or is not yours, so its token is not used; remove it "
          + "and sign in again.")
    }
    guard read.size <= sizeLimit, let saved = decoded(read.data),
      normalized(saved.server) == normalized(server)
    else {
      return .unusable(
        "\(shown) is not a sign-in movies kept for this server, so it is not used; remove it "
          + "and sign in again.")
    }
    return .found(saved)
  }

  /// Keeps it in `file`, replacing what was there.
  public func save(to file: URL) throws(PrivateFile.Failure) {
    try PrivateFile.write(encoded(), to: file)
  }

  /// The file's contents: one JSON object.
  func encoded() -> Data {
    let object: [String: String] = [
      "server": server.absoluteString, "user": userName, "userId": userID, "token": token,
    ]
    return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
  }

  /// A file's contents read back; nil unless every field is a string and the address,
  /// token and user id are there.
  static func decoded(_ data: Data) -> SavedSignIn? {
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let address = object["server"] as? String, let server = URL(string: address),
      server.host != nil, let token = object["token"] as? String, !token.isEmpty,
      let userID = object["userId"] as? String, !userID.isEmpty
    else { return nil }
    return SavedSignIn(
      server: server, userName: object["user"] as? String ?? "", userID: userID, token: token)
  }

  /// The address as one server: scheme and host in lower case, the port written out, the
  /// path without a trailing slash.
  static func normalized(_ server: URL) -> String {
    var path = server.path
    while path.hasSuffix("/") { path.removeLast() }
    return "\(server.scheme?.lowercased() ?? "")://\((server.host ?? "").lowercased()):"
      + "\(port(of: server))\(path)"
  }

  private static func port(of server: URL) -> Int {
    server.port ?? (server.scheme?.lowercased() == "https" ? 443 : 80)
  }
}
