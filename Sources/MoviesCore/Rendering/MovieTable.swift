/// Renders movies as a table that fits the terminal: row number, title, genres, rating and
/// release date.
///
/// Column widths depend on the terminal width and the largest row number, not on the rows, so
/// the rows that `more` prints line up with those already on screen and rendering a page never
/// looks at the rest of the list. Widths count terminal columns, so Korean titles line up;
/// long titles are cut with `…`.
public struct MovieTable: Sendable {
  public let palette: Palette
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
  public init(width: Int, largestRow: Int, palette: Palette) {
    self.palette = palette
    numberWidth = max(2, String(largestRow).count)
    let fixed = numberWidth + Self.ratingWidth + Self.releasedWidth + 3 * Self.gap.count
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
    line(
      number: String(number),
      title: TerminalText.escape(movie.title),
      genres: TerminalText.escape(movie.genres.joined(separator: ", ")),
      rating: movie.rating.map(Format.rating) ?? "–",
      released: movie.releaseDate.map { TerminalText.escape(Format.releaseDate($0)) } ?? "–",
      styled: true
    )
  }

  private func line(
    number: String, title: String, genres: String, rating: String, released: String,
    styled: Bool = false
  ) -> String {
    var cells = [
      palette.apply(
        styled ? palette.dim : "",
        to: DisplayWidth.pad(number, toColumns: numberWidth, alignRight: true)),
      DisplayWidth.pad(title, toColumns: titleWidth),
    ]
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
