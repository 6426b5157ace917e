import Foundation
import MoviesCore

/// A server as the banner and the spinner name it: `Jellyfin at media.local:8096`.
public enum ServerName {
  /// `product at host:port`, the port left out when the address has none.
  public static func of(_ product: String, at server: URL) -> String {
    guard let host = server.host else { return product + " at " + server.absoluteString }
    return product + " at " + (server.port.map { "\(host):\($0)" } ?? host)
  }
}
