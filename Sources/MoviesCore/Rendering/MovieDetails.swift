/// Renders every field of one movie, labelled, for `show N`.
public enum MovieDetails {
  public static func render(_ movie: Movie, row: Int, palette: Palette) -> String {
    var fields: [(String, String)] = []
    func add(_ label: String, _ value: String?) {
      if let value { fields.append((label, TerminalText.escape(value))) }
    }
    add("Genres", movie.genres.isEmpty ? nil : movie.genres.joined(separator: ", "))
    add(
      "Rating",
      movie.rating.map { rating in
        Format.rating(rating)
          + (movie.ratingCount.map { " from \(Format.grouped($0)) ratings" } ?? "")
      })
    add("Released", movie.releaseDate.map(Format.releaseDate))
    add("Running time", movie.runningTime.map { "\($0) min" })
    add("Grade", movie.grade)
    add("Movie ID", movie.id)
    add("Link", movie.link)
    add("Thumbnail", movie.thumbnail)
    for key in movie.otherFields.keys.sorted() {
      add(key, movie.otherFields[key])
    }

    let labelWidth = fields.map { DisplayWidth.columns(of: TerminalText.escape($0.0)) }.max() ?? 0
    var text = palette.apply(palette.heading, to: "#\(row)  " + TerminalText.escape(movie.title))
    text += "\n"
    for (label, value) in fields {
      let paddedLabel = DisplayWidth.pad(TerminalText.escape(label), toColumns: labelWidth)
      text += "  " + palette.apply(palette.dim, to: paddedLabel) + "  " + value + "\n"
    }
    return text
  }
}
