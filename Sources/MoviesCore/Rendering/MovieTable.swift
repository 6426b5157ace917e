/// Renders movies as a table that fits the terminal: row number, title, genres, rating and
/// release date.
///
/// Column widths depend on the terminal width and the largest row number, not on the rows, so
/// the rows that `more` prints line up with those already on screen and rendering a page never
/// looks at the rest of the list. Widths count terminal columns, so Korean titles line up;
/// long titles are cut with `…`.
public struct MovieTable: Sendable {
  /// The column that marks watched movies: their watchlist keys, and the mark (`★`, or `*`
  /// where the terminal has no Unicode).
  public struct Marks: Sendable {
    public var watched: Set<String>
    public var symbol: String

    public init(watched: Set<String>, symbol: String) {
      self.watched = watched
      self.symbol = symbol
    }
  }

  public let palette: Palette
  /// Nil for no mark column (no watchlist).
  public let marks: Marks?
  let numberWidth: Int
  let titleWidth: Int
  /// Zero when the terminal is too narrow for the genres column.
  let genresWidth: Int
  static let ratingWidth = 6
  static let releasedWidth = 10
  static let gap = "  "

  /// - Parameters:
  ///   - width: the terminal's width in columns.
  ///   - largestRow: the largest row number the table will show (the total count, when known).
  ///   - marks: the watched movies, for a column of marks after the row number.
  ///   - labelPrefix: put before row numbers (`w` for the watchlist's `w1`, `w2`, …).
  public init(
    width: Int, largestRow: Int, palette: Palette, marks: Marks? = nil, labelPrefix: String = ""
  ) {
    self.palette = palette
    self.marks = marks
    numberWidth = max(2, labelPrefix.count + String(largestRow).count)
    let fixed =
      numberWidth + Self.ratingWidth + Self.releasedWidth + 3 * Self.gap.count
      + (marks == nil ? 0 : 2)
    let genres = width - fixed - 24 >= 18 ? min(22, width - fixed - 24 - Self.gap.count) : 0
    genresWidth = genres
    titleWidth = max(12, width - fixed - (genres > 0 ? genres + Self.gap.count : 0))
  }

  public func header() -> String {
    palette.apply(
      palette.heading,
      to: line(
        number: "#", title: "Title", genres: "Genres", rating: "Rating", released: "Released")
    )
  }

  /// One line per movie, numbered from `firstRow`, each ending in a newline.
  public func rows(_ movies: some Collection<Movie>, firstRow: Int) -> String {
    var text = ""
    for (offset, movie) in movies.enumerated() {
      text += row(movie, number: firstRow + offset) + "\n"
    }
    return text
  }

  func row(_ movie: Movie, number: Int) -> String {
    row(movie, label: String(number))
  }

  /// A row numbered with any label, such as the watchlist's `w3`.
  func row(_ movie: Movie, label: String, watched: Bool? = nil) -> String {
    let isWatched = watched ?? marks.map { $0.watched.contains(WatchEntry.key(for: movie)) }
    return line(
      number: label, mark: isWatched == true ? marks?.symbol ?? "" : "",
      title: TerminalText.escape(movie.title),
      genres: TerminalText.escape(movie.genres.joined(separator: ", ")),
      rating: movie.rating.map(Format.rating) ?? "–",
      released: movie.releaseDate.map { TerminalText.escape(Format.releaseDate($0)) } ?? "–",
      styled: true
    )
  }

  private func line(
    number: String, mark: String = "", title: String, genres: String, rating: String,
    released: String,
    styled: Bool = false
  ) -> String {
    var cells = [
      palette.apply(
        styled ? palette.dim : "",
        to: DisplayWidth.pad(number, toColumns: numberWidth, alignRight: true))
    ]
    // The mark sits one space after the row number it belongs to.
    if marks != nil {
      cells[0] += " " + palette.apply(palette.accent, to: DisplayWidth.pad(mark, toColumns: 1))
    }
    cells.append(DisplayWidth.pad(title, toColumns: titleWidth))
    if genresWidth > 0 { cells.append(DisplayWidth.pad(genres, toColumns: genresWidth)) }
    cells.append(
      palette.apply(
        styled ? palette.accent : "",
        to: DisplayWidth.pad(rating, toColumns: Self.ratingWidth, alignRight: true)))
    cells.append(DisplayWidth.pad(released, toColumns: Self.releasedWidth))
    return trimmingTrailingSpaces(cells.joined(separator: Self.gap))
  }

  private func trimmingTrailingSpaces(_ text: String) -> String {
    var text = text
    while text.last == " " { text.removeLast() }
    return text
  }
}
