import Foundation

extension URL {
  /// The address without a user name or password (`http://user:pass@host/` is
  /// `http://host/`): an address is stored in the watchlist, shown, and handed to other
  /// programs, and a password must go to none of them.
  public var withoutUserInfo: URL {
    guard user != nil || password != nil,
      var components = URLComponents(url: self, resolvingAgainstBaseURL: false)
    else { return self }
    components.user = nil
    components.password = nil
    return components.url ?? self
  }

  /// The http or https address with a host in `text`; nil for anything else, which could
  /// be a file or a program.
  public static func webAddress(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host?.isEmpty == false
    else { return nil }
    return url
  }
}
