/// One genre the source knows: the id the API's `genreId` takes, and its name. Made only by
/// the core's sources, with Swift's memberwise init.
public struct Genre: Sendable, Hashable {
  public var id: String
  public var name: String
}
