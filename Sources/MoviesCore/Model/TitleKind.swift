/// What a title is: a film, a TV series, one of its seasons or one of its episodes.
///
/// Sources number each kind apart (TMDb's film 1399 is not its series 1399), so a title's
/// identity is its kind and its id together (``TitleID``).
public enum TitleKind: String, Sendable, Hashable, CaseIterable, Codable {
  case film
  case series
  case season
  case episode

  /// The word for one of them in a sentence: "film", "series", "season", "episode".
  public var noun: String { rawValue }
}

/// A title's identity: its kind and the source's id for it. Everything keyed by a title (the
/// watchlist, the marks, the thumbnail cache, the rows a list holds once) is keyed by this.
public struct TitleID: Sendable, Hashable, CustomStringConvertible {
  /// What the title is.
  public var kind: TitleKind
  /// The source's id, unique among titles of this kind.
  public var id: String

  /// The title `id` of kind `kind`.
  public init(_ kind: TitleKind, _ id: String) {
    self.kind = kind
    self.id = id
  }

  /// `film 1399`, `series 1399`: for messages and logs.
  public var description: String { "\(kind.noun) \(id)" }
}
