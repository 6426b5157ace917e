/// The line under each table, which offers `more` only while more remain, and the prompt.
public enum StatusLine {
  /// - Parameters:
  ///   - width: wrap at spaces to this many columns; nil for one line.
  ///   - hints: end with what to type next (`more · show N · thumb N · help`), for a person
  ///     at the prompt; a script gets only the count.
  public static func render(
    _ list: ListStatus, palette: Palette, width: Int? = nil, hints: Bool = true
  ) -> String {
    let loaded = list.shownCount
    // What the rows are: a season's episodes, series, or movies (films, or a mix).
    let (one, many) =
      switch list.query.listing {
      case .episodes: ("episode", "episodes")
      case .titles(.series): ("series", "series")
      default: ("movie", "movies")
      }
    var parts: [String]
    if !list.moreRemains {
      parts = [
        loaded == 0
          ? "No \(many) match this query."
          : loaded == 1
            ? "The only \(one) is loaded." : "All \(Format.grouped(loaded)) \(many) loaded."
      ]
    } else {
      let total = list.totalCount.map { " of \(Format.grouped($0))" } ?? ""
      parts = ["Showing \(Format.grouped(loaded))\(total)"]
      if hints { parts.append("more") }
    }
    if hints {
      if loaded > 0 { parts += ["show N", "thumb N"] }
      parts.append("help")
    }
    let text = parts.joined(separator: " · ")
    guard let width else { return palette.apply(palette.dim, to: text) }
    return TextWrap.wrap(text, toColumns: width).split(separator: "\n")
      .map { palette.apply(palette.dim, to: String($0)) }.joined(separator: "\n")
  }

  /// The prompt: `movies 20/58,788> ` while more remain, `movies 58,788> ` once everything
  /// is shown (it counts the browsing position, not rows `find` loaded ahead of it), `movies> ` before the total is known; a genre or order other than the
  /// default comes first: `movies drama·rating 20/1,204> `, and `continue`'s list says so:
  /// `movies continue 3> `.
  public static func prompt(_ list: ListStatus, genreName: String? = nil) -> String {
    var context: [String] = []
    switch list.query.listing {
    case .continuing:
      // `continue`'s list has no genre or order of its own.
      context.append("continue")
    case .nextUp:
      context.append("next up")
    case .episodes(let season):
      // `movies the 100·s2 8/16> `: the series and season gone into.
      context.append(TerminalText.escape(String(season.seriesTitle.lowercased().prefix(24))))
      context.append("s\(season.season.number)")
    case .titles(let kind):
      if kind == .series { context.append("series") }
      if !list.query.genreID.isEmpty {
        let name = genreName ?? list.genreName ?? list.query.genreID
        context.append(TerminalText.escape(name.lowercased()))
      }
      if !list.query.filterText.isEmpty {
        context.append(TerminalText.escape(list.query.filterText))
      }
      if list.query.order != MovieQuery.defaultOrder {
        context.append(TerminalText.escape(OrderName.shortName(list.query.order)))
      }
    }
    let words = context.isEmpty ? "" : " " + context.joined(separator: "·")
    let loaded = Format.grouped(list.shownCount)
    if !list.moreRemains { return "movies\(words) \(loaded)> " }
    guard let total = list.totalCount else { return "movies\(words)> " }
    return "movies\(words) \(loaded)/\(Format.grouped(total))> "
  }

  /// `Resumed: 30 of 2,006 by rating, genre Drama`: what `resume` reopened.
  public static func resumed(_ list: ListStatus) -> String {
    let total = list.totalCount.map { " of \(Format.grouped($0))" } ?? ""
    return "Resumed: \(Format.grouped(list.shownCount))\(total) "
      + describe(list.query, genreName: list.genreName)
  }

  /// `by rating, genre Drama`: a query's order and genre (by name when known), escaped.
  static func describe(_ query: MovieQuery, genreName: String?) -> String {
    let order =
      switch query.order {
      case "releasedateasc": "by release date"
      case "releasedatedesc": "by release date, newest first"
      case "ratingdesc": "by rating"
      case "ratingasc": "by rating, lowest first"
      case "titleasc": "by title"
      default: "in order \(TerminalText.escape(query.order))"
      }
    let genre =
      query.genreID.isEmpty ? "" : ", genre \(TerminalText.escape(genreName ?? query.genreID))"
    let filters =
      query.filterText.isEmpty ? "" : ", filtered by \(TerminalText.escape(query.filterText))"
    return order + genre + filters
  }

  /// The first line of a view a `find` of filters made: what it holds, the minimum the source
  /// added to a filter and how to change it, and how to leave it.
  /// `Filtered by rating:>8.5, with 200 votes or more (votes:>N changes it): 354 movies;
  /// 'genre all' lists every movie again.`
  public static func view(_ list: ListStatus) -> String? {
    let query = list.query
    guard !query.filterText.isEmpty else { return nil }
    var filters = TerminalText.escape(query.filterText)
    if let votes = query.minimumVotes, !query.filterText.lowercased().contains("votes:") {
      filters += ", with \(Format.grouped(votes)) votes or more (votes:>N changes it)"
    }
    let count = list.totalCount ?? (list.moreRemains ? nil : list.loadedCount)
    let movies = count.map { $0 == 1 ? ": 1 movie" : ": \(Format.grouped($0)) movies" } ?? ""
    return "Filtered by \(filters)\(movies); 'genre all' lists every movie again."
  }
}
