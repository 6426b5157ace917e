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
}
