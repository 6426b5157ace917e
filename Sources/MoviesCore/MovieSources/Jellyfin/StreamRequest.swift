import Foundation

/// A film to hand to a player: its stream's address, the headers the server needs, and the
/// position to start from. The headers may hold a credential: a player gets them in a file
/// only the user can read, never on its command line.
public struct StreamRequest: Sendable, Hashable, CustomStringConvertible {
  public var url: URL
  public var headers: [String]
  public var title: String
  /// Seconds into the film.
  public var start: Int

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
