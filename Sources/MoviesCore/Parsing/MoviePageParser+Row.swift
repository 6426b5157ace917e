extension MoviePageParser {
  /// What one row of a page became: a movie, or, without a usable title, its id if any.
  enum Row {
    case movie(Movie)
    case untitled(id: String?)
  }

  /// The genre lists met so far in a page, by their `genreNames` text: movies with the same
  /// genres share one array instead of each holding a copy.
  typealias GenreLists = [String: [String]]

  /// One row's fields, gathered as its members are read, then boxed once. A `switch` on each
  /// key is cheaper than a hashed lookup per known field, and unknown fields cost nothing
  /// when a row has none.
  struct RowFields {
    private var movie = Movie.Fields(title: "")
    private var title: String?

    mutating func add<Value: RowValue>(
      _ key: String, _ value: Value, genreLists: inout GenreLists
    ) {
      switch key {
      case "title": title = value.text
      case "movieId": movie.id = value.text
      case "genreNames":
        movie.genres = MoviePageParser.genres(from: value.text, sharing: &genreLists)
      case "thumbnailImage": movie.thumbnail = value.text
      case "linkUrl": movie.link = value.text
      case "ratingAverage": movie.rating = value.double
      case "ratingCount": movie.ratingCount = value.integer
      case "releaseDate": movie.releaseDate = value.text
      case "runningTime": movie.runningTime = value.integer
      case "grade": movie.grade = value.text
      default:
        if let text = value.text { movie.otherFields[key] = text }
      }
    }

    /// The movie, or the id of a row without a usable title.
    var row: Row {
      guard let title else { return .untitled(id: movie.id) }
      var fields = movie
      fields.title = title
      return .movie(Movie(fields))
    }
  }

  /// A member's value as ``LooseValue`` reads it. The plain page's reader has text or null,
  /// and reads it without the casts that a value from `JSONSerialization` needs.
  protocol RowValue {
    var text: String? { get }
    var double: Double? { get }
    var integer: Int? { get }
  }

  /// A value from `JSONSerialization`.
  struct FoundationValue: RowValue {
    var value: Any
    var text: String? { LooseValue.text(value) }
    var double: Double? { LooseValue.double(value) }
    var integer: Int? { LooseValue.integer(value) }
  }

  static func genres(from names: String?, sharing lists: inout GenreLists) -> [String] {
    guard let names else { return [] }
    if let known = lists[names] { return known }
    let genres = names.split(separator: ",").compactMap {
      let name = LooseValue.trim($0)
      return name.isEmpty ? nil : String(name)
    }
    lists[names] = genres
    return genres
  }
}

/// Text or `null`, as the plain page's reader gives it.
extension Optional: MoviePageParser.RowValue where Wrapped == String {
  var text: String? { flatMap { LooseValue.text($0) } }
  var double: Double? { flatMap { LooseValue.double($0) } }
  var integer: Int? { flatMap { LooseValue.integer($0) } }
}
