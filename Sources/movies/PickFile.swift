import Foundation
import MoviesCore

/// The temporary file between `pick` and its preview: a first line with the thumbnail cache
/// folder, then one line per row, each a one-movie page in the API's shape (read back with
/// the same parser as any page) and the poster's address.
enum PickFile {
  static func rows(_ list: MovieList, source: any MovieSource, thumbnailCache: URL) -> Data {
    var data = line(["cache": thumbnailCache.path])
    for movie in list.movies {
      let poster = movie.thumbnail.flatMap { try? source.thumbnailURL(for: $0).absoluteString }
      data += line([
        "hoppin": ["movies": ["movie": [record(movie)]]], "poster": poster ?? NSNull(),
      ])
    }
    return data
  }

  /// Row `row`'s movie and poster address, and the cache folder; nil when the file has no
  /// such row or it does not parse.
  static func read(_ file: URL, row: Int) -> (movie: Movie, poster: URL?, cache: URL)? {
    guard row >= 1, let data = FileManager.default.contents(atPath: file.path) else { return nil }
    let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    guard lines.count > row,
      let header = try? JSONSerialization.jsonObject(with: Data(lines[0])) as? [String: Any],
      let cache = header["cache"] as? String,
      let object = try? JSONSerialization.jsonObject(with: Data(lines[row])) as? [String: Any],
      let movie = try? MoviePageParser.parse(Data(lines[row])).movies.first
    else { return nil }
    let poster = (object["poster"] as? String).flatMap(URL.init(string:))
    return (movie, poster, URL(fileURLWithPath: cache, isDirectory: true))
  }

  private static func line(_ object: [String: Any]) -> Data {
    ((try? JSONSerialization.data(withJSONObject: object)) ?? Data("{}".utf8))
      + Data("\n".utf8)
  }

  /// A movie in the API's field names.
  private static func record(_ movie: Movie) -> [String: Any] {
    var record: [String: Any] = movie.otherFields
    record["title"] = movie.title
    record["genreNames"] = movie.genres.joined(separator: ",")
    record["movieId"] = movie.id
    record["thumbnailImage"] = movie.thumbnail
    record["linkUrl"] = movie.link
    record["ratingAverage"] = movie.rating
    record["ratingCount"] = movie.ratingCount
    record["releaseDate"] = movie.releaseDate
    record["runningTime"] = movie.runningTime
    record["grade"] = movie.grade
    return record
  }
}
