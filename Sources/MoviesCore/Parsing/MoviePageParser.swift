import Foundation

/// Turns a Hoppin-style response body into a ``MoviePage``.
///
/// Servers of this kind are sloppy, and this accepts what they send: numbers as strings,
/// `null` for optional fields, a single movie as a bare object instead of a one-element array,
/// and an empty or missing `movie` past the last page. A row without a usable title is skipped
/// with a warning.
public enum MoviePageParser {
  /// Why a body could not be read as a page.
  public enum Error: Swift.Error, Sendable, Equatable, UserFacingError {
    /// The body is not JSON at all (an HTML error page, say).
    case notJSON
    /// The body is JSON but has no `hoppin` object.
    case missingHoppinObject
    /// `movies` is not an object, or its `movie` is neither an object nor a list.
    case unexpectedMoviesShape
    /// The body holds far more values than any page, and parsing it would cost gigabytes.
    case tooManyValues(limit: Int, containers: Int)

    /// The code `--json` reports it with.
    public var code: ErrorCode { .source }

    /// One plain sentence for the user.
    public var message: String {
      switch self {
      case .notJSON:
        "the answer is not JSON"
      case .missingHoppinObject:
        "the answer is JSON but has no \"hoppin\" object"
      case .unexpectedMoviesShape:
        "the answer's \"movies\" field does not hold a movie list"
      case .tooManyValues(let limit, let containers):
        "the answer holds more than \(Format.grouped(limit)) values or "
          + "\(Format.grouped(containers)) objects, far more than any page, so it was not parsed"
      }
    }
  }

  /// The most rows one page names in its warnings; the rest are counted in one more.
  public static let maximumRowWarnings = 10

  /// The most JSON values (objects, arrays, and the members and elements in them) a page may
  /// hold, and the most objects and arrays among them: a page of 1,000 movies with 20 fields
  /// each has about 21,000 values and 1,000 objects. Parsed, a value costs about 300 bytes
  /// and a row about 3 KB, so a page stays under about 320 MB.
  public static let maximumValues = 500_000
  /// The most arrays and objects a page may hold before it is refused unparsed.
  public static let maximumContainers = 50_000

  /// - Parameter page: the page's number, which a skipped row's warning names.
  public static func parse(_ data: Data, page: Int? = nil) throws(Error) -> MoviePage {
    let rows: [Row]
    let totalCount: Any?
    var outOfRange: [String] = []
    if let plain = PlainHoppinPage(data) {
      // The usual page, read without building Foundation objects first.
      (rows, totalCount) = (plain.rows, plain.totalCount)
    } else {
      // Bounded before parsing: JSONSerialization's memory grows with the values, not the
      // bytes. The plain reader keeps within the same bounds as it reads.
      guard withinBounds(data) else {
        throw .tooManyValues(limit: maximumValues, containers: maximumContainers)
      }
      guard let (root, numbers) = JSONDocument.parse(data) else { throw .notJSON }
      guard let hoppin = (root as? [String: Any])?["hoppin"] as? [String: Any] else {
        throw .missingHoppinObject
      }
      var genreLists = GenreLists()
      rows = try movieRows(in: hoppin["movies"]).map { row in
        guard let row = row as? [String: Any] else { return .untitled(id: nil) }
        var fields = RowFields()
        for (key, value) in row {
          fields.add(key, FoundationValue(value: value), genreLists: &genreLists)
        }
        return fields.row()
      }
      totalCount = hoppin["totalCount"]
      outOfRange = numbers
    }
    var movies: [Movie] = []
    movies.reserveCapacity(rows.count)
    var warnings: [String] = []
    if !outOfRange.isEmpty {
      let of = page.map { "Page \($0)" } ?? "The page"
      warnings.append(
        "\(of) holds numbers too large to read (\(outOfRange.map(TerminalText.escape).joined(separator: ", "))): "
          + "they were read as missing.")
    }
    var unwarned = 0
    for (index, row) in rows.enumerated() {
      guard case .untitled(let id) = row else {
        if case .movie(let movie) = row { movies.append(movie) }
        continue
      }
      if warnings.count < maximumRowWarnings {
        // Named by its id and its place in the answer: its row number in the table would be
        // another film's, since the rows after it move up.
        let movie =
          id.map { "the movie with id \(TerminalText.escape($0))" } ?? "a movie with no id"
        let place = (page.map { "page \($0), " } ?? "") + "position \(index + 1) in the answer"
        warnings.append("Skipped \(movie) (\(place)): it has no usable title.")
      } else {
        unwarned += 1
      }
    }
    // A hostile page may hold millions of unusable rows; name a few, count the rest.
    if unwarned > 0 {
      let rows = unwarned == 1 ? "1 more movie" : "\(Format.grouped(unwarned)) more movies"
      let of = page.map { "page \($0)" } ?? "the page"
      warnings.append("Skipped \(rows) of \(of) without a usable title.")
    }
    return MoviePage(
      movies: movies,
      rowCount: rows.count,
      totalCount: LooseValue.integer(totalCount).map { max(0, $0) },
      warnings: warnings
    )
  }

  /// Whether the text holds at most ``maximumValues`` values and ``maximumContainers``
  /// objects and arrays, as ``valueCount(_:upTo:)`` counts them, without counting where it
  /// need not: each value counted is one byte, so a body no longer than the smaller bound is
  /// within both (a page of 100 movies is about 27 KB); a larger one is counted roughly first.
  public static func withinBounds(_ data: Data) -> Bool {
    if data.count <= maximumContainers { return true }
    let rough = structuralBytes(data)
    if rough.values <= maximumValues, rough.containers <= maximumContainers { return true }
    // Commas and brackets in text were counted too: count again, outside strings.
    let counts = valueCount(data, upTo: maximumValues)
    return counts.values <= maximumValues && counts.containers <= maximumContainers
  }

  /// Every `{`, `[` and `,` in the text, in strings or not: at least what
  /// ``valueCount(_:upTo:)`` counts, in one pass without branches that the compiler turns
  /// into vector instructions, several times cheaper than following strings.
  static func structuralBytes(_ data: Data) -> (values: Int, containers: Int) {
    data.withUnsafeBytes { bytes in
      var commas = 0
      var containers = 0
      for byte in bytes {
        commas &+= byte == UInt8(ascii: ",") ? 1 : 0
        // `{` and `[` differ only in bit 5 (0x7B, 0x5B).
        containers &+= byte | 0x20 == UInt8(ascii: "{") ? 1 : 0
      }
      return (commas + containers, containers)
    }
  }

  /// About how many values the JSON text holds: its `{`, `[` and `,` outside strings, and
  /// how many of them are `{` and `[`. Stops counting past `limit` values.
  static func valueCount(_ data: Data, upTo limit: Int) -> (values: Int, containers: Int) {
    data.withUnsafeBytes { bytes in
      var count = 0
      var containers = 0
      var strings = JSONStrings()
      for byte in bytes {
        if strings.isInString(byte) {
          continue
        } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
          containers += 1
          count += 1
        } else if byte == UInt8(ascii: ",") {
          count += 1
          if count > limit { break }
        }
      }
      return (count, containers)
    }
  }

  /// `movies.movie` as a list: absent, null or empty means no rows; a bare object is one row.
  ///
  /// Containers are matched before `NSNull`: on Linux, asking whether a Swift array `is NSNull`
  /// bridges it to an `NSArray` first, which cost more than parsing the page.
  private static func movieRows(in movies: Any?) throws(Error) -> [Any] {
    guard let movies else { return [] }
    if let container = movies as? [String: Any] {
      guard let rows = container["movie"] else { return [] }
      if let list = rows as? [Any] { return list }
      if let single = rows as? [String: Any] { return [single] }
      if isEmpty(rows) { return [] }
      throw .unexpectedMoviesShape
    }
    if isEmpty(movies) { return [] }
    throw .unexpectedMoviesShape
  }

  /// `null` or an empty string, which servers send for "no movies".
  private static func isEmpty(_ value: Any) -> Bool {
    if let text = value as? String { return text.isEmpty }
    return value is NSNull
  }
}
