import Foundation
import MoviesCore

extension ServerFilterItems {
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
}
