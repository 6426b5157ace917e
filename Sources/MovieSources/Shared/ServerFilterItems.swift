import Foundation
import MoviesCore

/// `find`'s filters as a media server's list parameters; each server's own are in its
/// folder. Such a server takes one list of genres where a film needs any of them, so only
/// the `genre:` piece naming fewest genres goes, and none bounds a rating from above. The
/// rows are checked against every filter.
enum ServerFilterItems {
  /// The rating's lower bound: to a tenth where it is one (`rating:>=8` is 8.0), else to a
  /// thousandth, rounded up, so `rating:>8.5` (8.501) leaves out a film rated 8.5 and a view
  /// of the server's list holds only films above it; nil for none.
  static func ratingFloor(_ query: MovieQuery) -> String? {
    guard let ratings = query.ratings, ratings.lowerBound > 0 else { return nil }
    let low = ratings.lowerBound
    let tenth = (low * 10).rounded() / 10
    if tenth == low { return String(format: "%.1f", tenth) }
    return String(format: "%.3f", (low * 1000).rounded(.up) / 1000)
  }

  /// The genre ids of the piece that names fewest; nil for no genre filter.
  static func narrowestGenres(_ query: MovieQuery) -> [String]? {
    query.genreFilter.min { $0.count < $1.count }
  }
}
