import Foundation

/// A source as the library records it beside a saved session and each watchlist entry: its
/// kind, with the server's address when it has one (`jellyfin:http://media.local:8096`,
/// `tmdb:http://127.0.0.1:9000/3`), or the kind alone (`offline`, `tmdb` at its usual
/// address). A Hoppin endpoint is its bare address, as the first versions wrote it.
///
/// One spelling, so the run that saves a session and the run that reopens it agree, and a
/// value read back from the file is checked before anything is browsed with it. Which kinds
/// exist is the program's to say (its source declarations); here a kind is a word of letters.
public struct RecordedSource: Sendable, Hashable {
  /// The kind a bare address is recorded as.
  public static let hoppin = "hoppin"
  /// The bundled catalogue, the default source: a kind with no address.
  public static let offline = RecordedSource(kind: "offline")

  /// A recorded source as a sentence names it: "the offline catalogue", else its text as the
  /// library keeps it.
  public static func spoken(_ id: String) -> String {
    id == offline.id ? "the offline catalogue" : id
  }

  /// Whether `id` is the offline catalogue's.
  public static func isOffline(_ id: String) -> Bool { id == offline.id }

  /// The source's kind, its `--source` word.
  public var kind: String
  /// The server's address; nil for a source at its usual place.
  public var address: URL?

  /// A source of `kind`, at `address` when it is not at its usual place.
  public init(kind: String, address: URL? = nil) {
    self.kind = kind
    self.address = address
  }

  /// Reads a recorded source; nil for text no run of this program writes.
  public init?(_ text: String) {
    if let url = Self.webAddress(text) {
      self.init(kind: Self.hoppin, address: url)
      return
    }
    guard let colon = text.firstIndex(of: ":") else {
      guard Self.isKind(text) else { return nil }
      self.init(kind: text)
      return
    }
    let kind = String(text[..<colon])
    guard Self.isKind(kind), let url = Self.webAddress(String(text[text.index(after: colon)...]))
    else { return nil }
    self.init(kind: kind, address: url)
  }

  /// The text the library keeps.
  public var id: String {
    guard let address = address?.withoutUserInfo else { return kind }
    return kind == Self.hoppin ? address.absoluteString : kind + ":" + address.absoluteString
  }

  private static func isKind(_ text: String) -> Bool {
    (2...20).contains(text.count) && text.allSatisfy { $0.isASCII && $0.isLowercase }
  }

  /// An http or https address; a user name and password in it (which a file written before
  /// they were removed may hold) are dropped, so they go no further.
  private static func webAddress(_ text: String) -> URL? {
    URL.webAddress(text)?.withoutUserInfo
  }
}
