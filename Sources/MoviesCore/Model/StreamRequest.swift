import Foundation

/// A film to hand to a player: its stream's address, the headers the server needs, and the
/// position to start from. The headers may hold a credential: a player gets them in a file
/// only the user can read, never on its command line.
public struct StreamRequest: Sendable, Hashable, CustomStringConvertible {
  /// The stream's address.
  public var url: URL
  /// The header lines the player must send, the credential among them.
  public var headers: [String]
  /// The film's title, for the player's window.
  public var title: String
  /// Seconds into the film.
  public var start: Int

  /// A request from its parts.
  public init(url: URL, headers: [String], title: String, start: Int) {
    self.url = url
    self.headers = headers
    self.title = title
    self.start = start
  }

  /// The address and start, never the headers, which may hold the credential.
  public var description: String {
    "\(url.absoluteString) from \(start) s (\(headers.count) headers hidden)"
  }
}
