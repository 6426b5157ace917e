import Foundation
import MoviesCore

/// `find`'s filters as a media server's list parameters; each server's own are in its
/// folder. Such a server takes one list of genres where a film needs any of them, so only
/// the `genre:` piece naming fewest genres goes, and none bounds a rating from above. The
/// rows are checked against every filter.
enum ServerFilterItems {
  /// The rating's lower bound to a tenth, rounded down (`rating:>8.5` is 8.5); nil for none.
  static func ratingFloor(_ query: MovieQuery) -> String? {
    guard let ratings = query.ratings, ratings.lowerBound > 0 else { return nil }
    return String(format: "%.1f", (ratings.lowerBound * 10).rounded(.down) / 10)
  }

  /// The genre ids of the piece that names fewest; nil for no genre filter.
  static func narrowestGenres(_ query: MovieQuery) -> [String]? {
    query.genreFilter.min { $0.count < $1.count }
  }
}
