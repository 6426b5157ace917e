import Foundation
import MoviesCore

/// What `/discover/movie` is narrowed by: the years as a range of primary release dates, the
/// ratings as `vote_average` bounds with the query's vote floor (TMDb's
/// searchQuery sets the one `order rating` uses, so one 10/10 vote does not lead), running times, genres (a comma between pieces, a bar between the
/// genres one piece names), the streaming services in `region`'s subscriptions, and, newest
/// first, nothing not released yet.
enum TMDbFilters {
  static func items(
    for query: MovieQuery, sortBy: String, region: String = "US", today: Date = Date()
  ) -> [URLQueryItem] {
    var items: [URLQueryItem] = []
    let genres =
      query.genreFilter.isEmpty
      ? query.genreID : query.genreFilter.map { $0.joined(separator: "|") }.joined(separator: ",")
    if !genres.isEmpty { items.append(URLQueryItem(name: "with_genres", value: genres)) }
    if let runtimes = query.runtimes {
      if runtimes.lowerBound > 0 {
        items.append(URLQueryItem(name: "with_runtime.gte", value: String(runtimes.lowerBound)))
      }
      if runtimes.upperBound < Int.max {
        items.append(URLQueryItem(name: "with_runtime.lte", value: String(runtimes.upperBound)))
      }
    }
    if !query.services.isEmpty {
      // "On Netflix" means in the subscription, not to rent or buy there.
      items += [
        URLQueryItem(name: "with_watch_providers", value: query.services.joined(separator: "|")),
        URLQueryItem(name: "watch_region", value: region),
        URLQueryItem(name: "with_watch_monetization_types", value: "flatrate"),
      ]
    }
    var latest: String?
    if let years = query.releaseYears {
      items.append(
        URLQueryItem(name: "primary_release_date.gte", value: "\(years.lowerBound)-01-01"))
      latest = "\(years.upperBound)-12-31"
    }
    // The newest first means released by today: TMDb lists films announced for years ahead.
    if sortBy == "primary_release_date.desc" {
      let day = Self.day(today)
      latest = latest.map { min($0, day) } ?? day
    }
    if let latest { items.append(URLQueryItem(name: "primary_release_date.lte", value: latest)) }
    if let ratings = query.ratings {
      // Bounds to a tenth, outward: the rows are checked against the exact ones.
      if let low = ServerFilterItems.ratingFloor(query) {
        items.append(URLQueryItem(name: "vote_average.gte", value: low))
      }
      if ratings.upperBound < 10 {
        let high = (ratings.upperBound * 10).rounded(.up) / 10
        items.append(URLQueryItem(name: "vote_average.lte", value: String(format: "%.1f", high)))
      }
    }
    if let votes = query.minimumVotes {
      items.append(URLQueryItem(name: "vote_count.gte", value: String(votes)))
    } else if sortBy.hasPrefix("vote_average") {
      items.append(
        URLQueryItem(name: "vote_count.gte", value: String(TMDbClient.minimumVotesForRating)))
    }
    return items
  }

  /// The day as TMDb writes dates, in UTC.
  static func day(_ date: Date) -> String {
    let calendar = Calendar(identifier: .gregorian)
    var utc = calendar
    utc.timeZone = TimeZone(identifier: "UTC") ?? .current
    let parts = utc.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
  }
}
