import Foundation
import MoviesCore

/// `/movie/{id}?append_to_response=credits,videos,watch/providers`: the film's details, its
/// credits, its videos and where it streams, in one answer.
extension TMDbParser {
  /// The most cast names kept: TMDb lists everyone who appears, often over a hundred.
  static let castKept = 20

  /// The fields the list does not carry, added to the movie. An appended part that is
  /// missing or malformed leaves its fields as they were.
  static func details(_ data: Data, adding movie: Movie, region: String) throws(Unreadable)
    -> Movie
  {
    let root = try object(data)
    return movie.changing { fields in
      if let minutes = LooseValue.integer(root["runtime"]), minutes > 0 {
        fields.runningTime = minutes
      }
      fields.tagline = LooseValue.text(root["tagline"]) ?? fields.tagline
      fields.overview = LooseValue.text(root["overview"]) ?? fields.overview
      fields.imdbID = LooseValue.text(root["imdb_id"]) ?? fields.imdbID
      fields.otherFields["status"] = LooseValue.text(root["status"])
      for field in ["budget", "revenue"] {
        if let amount = LooseValue.integer(root[field]), amount > 0 {
          fields.otherFields[field] = String(amount)
        }
      }
      if let credits = root["credits"] as? [String: Any] {
        fields.directors = directors(credits)
        fields.cast = cast(credits)
      }
      if let videos = root["videos"] as? [String: Any] {
        fields.trailer = trailer(videos)
      }
      if let offers = root["watch/providers"] as? [String: Any] {
        fields.providers = providers(offers, region: region)
      }
    }
  }

  /// The crew whose job is Director, each once, in TMDb's order.
  static func directors(_ credits: [String: Any]) -> [String] {
    var names: [String] = []
    for member in credits["crew"] as? [Any] ?? [] {
      guard let member = member as? [String: Any], LooseValue.text(member["job"]) == "Director",
        let name = LooseValue.text(member["name"]), !names.contains(name)
      else { continue }
      names.append(name)
    }
    return names
  }

  /// The cast in billing order (`order`), the first ``castKept``.
  static func cast(_ credits: [String: Any]) -> [String] {
    let members = (credits["cast"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }
    let billed = members.enumerated().compactMap { place, member -> (Int, Int, String)? in
      guard let name = LooseValue.text(member["name"]) else { return nil }
      return (LooseValue.integer(member["order"]) ?? Int.max, place, name)
    }
    return billed.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.prefix(castKept).map(\.2)
  }

  /// The first YouTube video of type Trailer, official ones first, as its watch address;
  /// nil when there is none. Its key must be a YouTube id, as it goes into the address.
  static func trailer(_ videos: [String: Any]) -> String? {
    let trailers = (videos["results"] as? [Any] ?? []).compactMap { entry -> (Bool, String)? in
      guard let video = entry as? [String: Any],
        LooseValue.text(video["site"])?.lowercased() == "youtube",
        LooseValue.text(video["type"]) == "Trailer",
        let key = LooseValue.text(video["key"]), (1...64).contains(key.utf8.count),
        key.unicodeScalars.allSatisfy({
          $0.isASCII
            && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-"
              || $0 == "_")
        })
      else { return nil }
      return (video["official"] as? Bool ?? false, key)
    }
    let chosen = trailers.first { $0.0 } ?? trailers.first
    return chosen.map { "https://www.youtube.com/watch?v=" + $0.1 }
  }

  /// One region's services of `watch/providers` (`results.US`): empty lists when the film is
  /// offered nowhere there.
  static func providers(_ offers: [String: Any], region: String) -> WatchProviders? {
    guard let results = offers["results"] as? [String: Any] else { return nil }
    let entry = results[region] as? [String: Any] ?? [:]
    func names(_ kind: String) -> [String] {
      (entry[kind] as? [Any] ?? []).compactMap { provider in
        LooseValue.text((provider as? [String: Any])?["provider_name"])
      }
    }
    return WatchProviders(
      region: region, stream: names("flatrate"), rent: names("rent"), buy: names("buy"),
      link: LooseValue.text(entry["link"]))
  }
}
