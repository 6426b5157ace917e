import Foundation

extension URL {
  /// `scheme://host:port`, lower-cased, with the scheme's default port written out: what a
  /// credential is bound to. `localhost` and `127.0.0.1` are two origins.
  public var origin: String {
    let scheme = scheme?.lowercased() ?? ""
    let port = port ?? (scheme == "https" ? 443 : 80)
    return "\(scheme)://\(host?.lowercased() ?? ""):\(port)"
  }
}
