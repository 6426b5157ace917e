import Foundation

/// A catalogue folder made for one test, in the layout the test server and the offline source
/// read: `catalogue.json` in the Hoppin shape, `genres.json` and an empty `posters/`.
public enum TestCatalogue {
  /// Writes the movies (as the server should send them) under `folder/catalogue` and returns
  /// that folder.
  public static func write(
    _ movies: [[String: String]], in folder: URL,
    genres: [(id: String, name: String)] = [("4", "Drama")]
  ) throws -> URL {
    let catalogue = folder.appendingPathComponent("catalogue")
    try FileManager.default.createDirectory(
      at: catalogue.appendingPathComponent("posters"), withIntermediateDirectories: true)
    let body: [String: Any] = [
      "hoppin": ["movies": ["movie": movies], "totalCount": String(movies.count)]
    ]
    try JSONSerialization.data(withJSONObject: body).write(
      to: catalogue.appendingPathComponent("catalogue.json"))
    let genreList: [String: Any] = [
      "genres": genres.map { ["genreId": $0.id, "genreName": $0.name] }
    ]
    try JSONSerialization.data(withJSONObject: genreList).write(
      to: catalogue.appendingPathComponent("genres.json"))
    return catalogue
  }
}
