/// `genre NAME|ID|all`: which genre a word names.
extension CommandContext {
  /// The genre `nameOrID` names, with its name when the source has a list: `all` (every
  /// genre) is the empty id; a name is looked up as ``GenreName`` says; a number is checked
  /// against the list when the source has one (it is used as it is, without a name, when the
  /// list cannot be loaded, since a number needs none).
  public static func genre(
    for nameOrID: String, in genreSource: (any GenreSource)?, kind: TitleKind = .film
  ) async throws -> (id: String, name: String?) {
    if nameOrID.lowercased() == "all" { return ("", nil) }
    if nameOrID.allSatisfy(\.isNumber) {
      guard let genres = try? await genreSource?.genres(of: kind), !genres.isEmpty else {
        try Task.checkCancellation()
        return (nameOrID, nil)
      }
      guard let genre = genres.first(where: { $0.id == nameOrID }) else {
        throw CommandError.unknownGenre(nameOrID, known: genres.map(\.name))
      }
      return (genre.id, genre.name)
    }
    guard let genreSource else { throw CommandError.noGenreList }
    let genres = try await genreSource.genres(of: kind)
    switch GenreName.resolve(nameOrID, among: genres) {
    case .genre(let genre): return (genre.id, genre.name)
    case .unclear(let problem): throw CommandError.unclearGenre(nameOrID, problem)
    case .none: throw CommandError.unknownGenre(nameOrID, known: genres.map(\.name))
    }
  }
}
