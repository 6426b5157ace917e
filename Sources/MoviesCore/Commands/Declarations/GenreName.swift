/// The names `genre` and `--genre` accept: a genre's name ignoring case and accents, or a
/// unique beginning of one, as `order` takes its words.
public enum GenreName {
  /// Why a name is not a genre of the list.
  public enum Problem: Sendable, Hashable {
    /// The beginning of several genres' names.
    case ambiguous([String])
    /// Close to a genre's name, probably a typo of it.
    case nearMiss(String)
  }

  /// What a name matched.
  public enum Match: Sendable, Hashable {
    case genre(Genre)
    case unclear(Problem)
    /// Nothing like any genre's name.
    case none
  }

  /// The genre a name means: the one of that name, else the only one it begins.
  public static func resolve(_ name: String, among genres: [Genre]) -> Match {
    let wanted = MovieSearch.foldedString(name)
    let folded = genres.map { (genre: $0, name: MovieSearch.foldedString($0.name)) }
    if let exact = folded.first(where: { $0.name == wanted }) { return .genre(exact.genre) }
    let prefixed = folded.filter { $0.name.hasPrefix(wanted) }
    if prefixed.count == 1, let only = prefixed.first { return .genre(only.genre) }
    if prefixed.count > 1 { return .unclear(.ambiguous(prefixed.map(\.genre.name))) }
    if let near = CommandUsage.nearest(wanted, among: folded.map(\.name)),
      let genre = folded.first(where: { $0.name == near })
    {
      return .unclear(.nearMiss(genre.genre.name))
    }
    return .none
  }
}
