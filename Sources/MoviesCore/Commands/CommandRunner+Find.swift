extension CommandRunner {
  /// A `genre:WORD` filter that no genre of the source's list holds can match nothing: that
  /// is said before any page is asked for, with the names, as `genre WORD` says it, instead
  /// of a full scan ending in "No movie matches". Without a list (or when it cannot be
  /// loaded) the filter is tried on the movies as it is.
  func checkGenreFilters(of search: MovieSearch) async throws {
    guard !search.genres.isEmpty, let genres = try? await genreSource?.genres(), !genres.isEmpty
    else { return }
    let names = genres.map { MovieSearch.fold($0.name) }
    for piece in search.genres where !names.contains(where: { MovieSearch.contains($0, piece) }) {
      throw Error.unknownGenre(String(decoding: piece, as: UTF8.self), known: genres.map(\.name))
    }
  }
}
