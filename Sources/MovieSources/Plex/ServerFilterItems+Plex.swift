import Foundation
import MoviesCore

extension ServerFilterItems {
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
}
