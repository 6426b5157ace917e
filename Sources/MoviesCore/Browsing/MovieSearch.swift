import Foundation

/// `find TEXT`: the loaded rows whose title or genres contain the text, ignoring case and
/// accents, with their row numbers kept so `show N` still points at the same movie.
public enum MovieSearch {
  /// One row that matched.
  public struct Match: Sendable, Hashable {
    public var row: Int
    public var movie: Movie
  }

  public static func matches(_ text: String, in list: MovieList) -> [Match] {
    let needle = fold(text.trimmingCharacters(in: .whitespaces))
    guard !needle.isEmpty else { return [] }
    return list.movies.enumerated().compactMap { offset, movie in
      let haystacks = [movie.title] + movie.genres
      guard haystacks.contains(where: { fold($0).contains(needle) }) else { return nil }
      return Match(row: offset + 1, movie: movie)
    }
  }

  /// Case and accents folded, and composed again, so `é` matches `e` and a Korean syllable
  /// typed whole matches the same syllable in a title whatever its normalisation.
  static func fold(_ text: String) -> String {
    text.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil
    )
    .precomposedStringWithCanonicalMapping
  }
}
