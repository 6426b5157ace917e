import Foundation

/// Parses a genre list: `{"genres":[{"genreId":"1","genreName":"Action"}, …]}`, as in the
/// offline catalogue's `genres.json` and the test server's `/hoppin/genres`.
public enum GenreListParser {
  /// Why a body is not a genre list.
  public enum Error: Swift.Error, Sendable, Equatable, UserFacingError {
    case notAGenreList

    /// The code `--json` reports it with.
    public var code: ErrorCode { .source }

    /// What went wrong and, where a command helps, what to type.
    public var message: String {
      "the answer is not a list of genres ({\"genres\":[…]})"
    }
  }

  /// The genres with both an id and a name; entries missing either are left out.
  public static func parse(_ data: Data) throws(Error) -> [Genre] {
    guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let entries = root["genres"] as? [Any]
    else { throw .notAGenreList }
    return entries.compactMap { entry in
      guard let entry = entry as? [String: Any],
        let id = LooseValue.text(entry["genreId"]), let name = LooseValue.text(entry["genreName"])
      else { return nil }
      return Genre(id: id, name: name)
    }
  }
}
