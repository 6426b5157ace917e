import Foundation
import MoviesCore

/// `find`'s filters as Jellyfin's and Plex's list parameters. Each server takes one list of
/// genres where a film needs any of them, so only the `genre:` piece naming fewest genres
/// goes; neither bounds a rating from above. The rows are checked against every filter.
enum ServerFilterItems {
  /// `Years`, `MinCommunityRating`, `GenreIds` and `IsPlayed` for Jellyfin's `/Items`.
  static func jellyfin(_ query: MovieQuery, maxListedYears: Int) -> [URLQueryItem] {
    var items: [URLQueryItem] = []
    if let years = query.releaseYears, years.count <= maxListedYears {
      items.append(
        URLQueryItem(name: "Years", value: years.map(String.init).joined(separator: ",")))
    }
    if let floor = ratingFloor(query) {
      items.append(URLQueryItem(name: "MinCommunityRating", value: floor))
    }
    if let genres = narrowestGenres(query) {
      items.append(URLQueryItem(name: "GenreIds", value: genres.joined(separator: "|")))
    }
    if let played = query.played {
      items.append(URLQueryItem(name: "IsPlayed", value: played ? "true" : "false"))
    }
    return items
  }

  /// `year>>=`, `year<<=`, `audienceRating>>=`, `genre=` and `unwatched=` for Plex's
  /// `/library/sections/{key}/all` (its bounds include the value).
  static func plex(_ query: MovieQuery) -> [URLQueryItem] {
    var items: [URLQueryItem] = []
    if let years = query.releaseYears {
      if years.count == 1 {
        items.append(URLQueryItem(name: "year", value: String(years.lowerBound)))
      } else {
        if years.lowerBound > 0 {
          items.append(URLQueryItem(name: "year>>", value: String(years.lowerBound)))
        }
        if years.upperBound < 9_999 {
          items.append(URLQueryItem(name: "year<<", value: String(years.upperBound)))
        }
      }
    }
    if let floor = ratingFloor(query) {
      items.append(URLQueryItem(name: "audienceRating>>", value: floor))
    }
    if let genres = narrowestGenres(query) {
      items.append(URLQueryItem(name: "genre", value: genres.joined(separator: ",")))
    }
    if let played = query.played {
      items.append(URLQueryItem(name: "unwatched", value: played ? "0" : "1"))
    }
    return items
  }

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
