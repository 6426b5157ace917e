/// One genre the source knows: the id the API's `genreId` takes, and its name. Made only by
/// the core's sources, with Swift's memberwise init.
public struct Genre: Sendable, Hashable {
  /// The id the source filters by.
  public var id: String
  /// The name shown and matched by `genre NAME`.
  public var name: String
}
