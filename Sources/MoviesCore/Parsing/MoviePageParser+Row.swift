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

    mutating func add(_ key: String, _ value: Any, genreLists: inout GenreLists) {
      switch key {
      case "title": title = LooseValue.text(value)
      case "movieId": movie.id = LooseValue.text(value)
      case "genreNames":
        movie.genres = MoviePageParser.genres(from: LooseValue.text(value), sharing: &genreLists)
      case "thumbnailImage": movie.thumbnail = LooseValue.text(value)
      case "linkUrl": movie.link = LooseValue.text(value)
      case "ratingAverage": movie.rating = LooseValue.double(value)
      case "ratingCount": movie.ratingCount = LooseValue.integer(value)
      case "releaseDate": movie.releaseDate = LooseValue.text(value)
      case "runningTime": movie.runningTime = LooseValue.integer(value)
      case "grade": movie.grade = LooseValue.text(value)
      default:
        if let text = LooseValue.text(value) { movie.otherFields[key] = text }
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
