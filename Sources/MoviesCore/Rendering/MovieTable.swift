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
    text.reserveCapacity(movies.count * (lineWidth + 16))
    for (offset, movie) in movies.enumerated() {
      appendRow(movie, number: firstRow + offset, to: &text)
      text += "\n"
    }
    return text
  }

  func row(_ movie: Movie, number: Int) -> String {
    var text = ""
    appendRow(movie, number: number, to: &text)
    return text
  }

  private var lineWidth: Int {
    numberWidth + titleWidth + (genresWidth > 0 ? genresWidth + Self.gap.count : 0)
      + Self.ratingWidth + Self.releasedWidth + 3 * Self.gap.count
  }

  private func appendRow(_ movie: Movie, number: Int, to text: inout String) {
    appendLine(
      number: String(number),
      title: TerminalText.escape(movie.title),
      genres: TerminalText.escape(movie.genres.joined(separator: ", ")),
      rating: movie.rating.map(Format.rating) ?? "–",
      released: movie.releaseDate.map { TerminalText.escape(Format.releaseDate($0)) } ?? "–",
      styled: true, to: &text
    )
  }

  private func line(
    number: String, title: String, genres: String, rating: String, released: String
  ) -> String {
    var text = ""
    appendLine(
      number: number, title: title, genres: genres, rating: rating, released: released,
      styled: false, to: &text)
    return text
  }

  /// Builds the line in place: one string, no cell arrays, trailing spaces never written.
  private func appendLine(
    number: String, title: String, genres: String, rating: String, released: String,
    styled: Bool, to text: inout String
  ) {
    let start = text.utf8.count
    appendStyled(styled ? palette.dim : "", to: &text) {
      DisplayWidth.append(number, paddedTo: numberWidth, alignRight: true, to: &$0)
    }
    text += Self.gap
    DisplayWidth.append(title, paddedTo: titleWidth, to: &text)
    if genresWidth > 0 {
      text += Self.gap
      DisplayWidth.append(genres, paddedTo: genresWidth, to: &text)
    }
    text += Self.gap
    appendStyled(styled ? palette.accent : "", to: &text) {
      DisplayWidth.append(rating, paddedTo: Self.ratingWidth, alignRight: true, to: &$0)
    }
    text += Self.gap
    DisplayWidth.append(released, paddedTo: Self.releasedWidth, to: &text)
    // Scalar by scalar: a server's prepended mark before the padding forms one Character
    // with the space after it.
    while text.utf8.count > start, text.unicodeScalars.last == " " {
      text.unicodeScalars.removeLast()
    }
  }

  /// Appends a cell wrapped in a style; with no style (colour off) only the cell.
  private func appendStyled(
    _ style: String, to text: inout String, _ cell: (inout String) -> Void
  ) {
    guard !style.isEmpty else { return cell(&text) }
    text += style
    cell(&text)
    text += palette.reset
  }
}
