/// One genre the source knows: the id the API's `genreId` takes, and its name.
public struct Genre: Sendable, Hashable {
  /// The id the source filters by.
  public var id: String
  /// The name shown and matched by `genre NAME`.
  public var name: String

  /// The genre `id`, shown as `name`.
  public init(id: String, name: String) {
    self.id = id
    self.name = name
  }
}
