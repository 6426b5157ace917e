/// One genre the source knows: the id the API's `genreId` takes, and its name.
public struct Genre: Sendable, Hashable {
  public var id: String
  public var name: String

  public init(id: String, name: String) {
    self.id = id
    self.name = name
  }
}
