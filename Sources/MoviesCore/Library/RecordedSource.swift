import Foundation

/// A source as the library records it beside a saved session and each watchlist entry:
/// `offline`, `tmdb`, `jellyfin:` and the server's address, or a Hoppin endpoint's address.
///
/// One spelling, so the run that saves a session and the run that reopens it agree, and a
/// value read back from the file is checked before anything is browsed with it.
public enum RecordedSource: Sendable, Hashable {
  case offline
  case hoppin(URL)
  case tmdb
  case jellyfin(URL)

  static let jellyfinPrefix = "jellyfin:"

  /// Reads a recorded source; nil for text no run of this program writes.
  public init?(_ text: String) {
    switch text {
    case "offline": self = .offline
    case "tmdb": self = .tmdb
    default:
      if text.hasPrefix(Self.jellyfinPrefix) {
        guard let url = Self.webAddress(String(text.dropFirst(Self.jellyfinPrefix.count))) else {
          return nil
        }
        self = .jellyfin(url)
      } else {
        guard let url = Self.webAddress(text) else { return nil }
        self = .hoppin(url)
      }
    }
  }

  /// The text the library keeps.
  public var id: String {
    switch self {
    case .offline: "offline"
    case .tmdb: "tmdb"
    case .hoppin(let url): url.withoutUserInfo.absoluteString
    case .jellyfin(let url): Self.jellyfinPrefix + url.withoutUserInfo.absoluteString
    }
  }

  /// An http or https address; a user name and password in it (which a file written before
  /// they were removed may hold) are dropped, so they go no further.
  private static func webAddress(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host != nil
    else { return nil }
    return url.withoutUserInfo
  }
}
