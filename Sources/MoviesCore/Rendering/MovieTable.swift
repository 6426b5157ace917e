/// Renders movies as a table that fits the terminal: row number, title, genres, rating and
/// release date.
///
/// Column widths depend on the terminal width, the largest row number and the list's first
/// page (its longest title and genre list), never on later pages, so the rows that `more`
/// prints line up with those already on screen and rendering a page looks at one page only.
/// Title gets what its longest title needs, up to ``titleCap``, and Genres the rest of what
/// it needs; when both do not fit they share. On a narrow terminal the date becomes its year,
/// then Genres go, then Rating, before Title is cut below ``titleFloor`` (three "Godfather, …"
/// rows say nothing); the year stays at every width down to 40 columns, where it is what tells
/// two films of one title apart. Widths count terminal columns, so Korean titles line up; long titles are
/// cut with `…`.
public struct MovieTable: Sendable, Equatable {
  /// The column that marks watched movies: their watchlist keys, and the mark (`★`, or `*`
  /// where the terminal has no Unicode).
  public struct Marks: Sendable, Equatable {
    /// The keys of the watched movies.
    public var watched: Set<String>
    /// The mark: `★`, or `*` without Unicode.
    public var symbol: String

    /// Marks for the `watched` keys, drawn as `symbol`.
    public init(watched: Set<String>, symbol: String) {
      self.watched = watched
      self.symbol = symbol
    }
  }

  /// The styles of the header and marks.
  public let palette: Palette
  /// Nil for no mark column (no watchlist).
  public let marks: Marks?
  /// Whether a column after the marks says what was watched: `✓` for played, `▶ 40%` for
  /// stopped part way.
  let showsProgress: Bool
  /// Whether episode rows name their series (``ColumnNeeds/seriesTitles``).
  let seriesTitles: Bool
  /// The progress column's width: ``progressWidth`` where a film of the first page was
  /// stopped part way, else one (`✓`, or `▶` alone for a later page's).
  let progressColumn: Int
  let numberWidth: Int
  let titleWidth: Int
  /// Zero when the terminal is too narrow for the genres column.
  let genresWidth: Int
  /// False when the terminal is too narrow for these columns.
  let showsRating: Bool
  let showsReleased: Bool
  /// A whole date (``releasedWidth``), the year alone (``yearWidth``) where space is short,
  /// or zero.
  let releasedWidth: Int
  static let ratingWidth = 6
  static let releasedWidth = 10
  static let yearWidth = 4
  static let gap = "  "
  /// What the mark column adds: the one-column mark stands in the gap after the row number,
  /// a space on each side (`12 ★ Heat`), so it costs the title one column, not three.
  static let markWidth = 1
  /// The progress column: `▶ 99%` at its widest.
  static let progressWidth = 5
  /// The widest Title column, so a wide terminal leaves room for Genres.
  static let titleCap = 60
  /// Genres grows to this when there is room, for later pages' longer lists.
  static let roomyGenres = 32
  /// The narrowest Genres column worth showing.
  static let smallestGenres = 8
  /// The narrowest Title kept before Released and Genres give way, or the title's own need:
  /// three "Lord of the Rings: The…" rows say nothing.
  static let titleFloor = 30
  /// The narrowest Title kept before Rating gives way, on a terminal too narrow for Genres.
  static let titleFloorBesideRating = 20

  /// - Parameters:
  ///   - width: the terminal's width in columns.
  ///   - largestRow: the largest row number the table will show (the total count, when known).
  ///   - firstPage: the list's first page, whose longest title and genres size the columns;
  ///     empty for room for long ones.
  ///   - marks: the watched movies, for a column of marks after the row number.
  ///   - labelPrefix: put before row numbers (`w` for the watchlist's `w1`, `w2`, …).
  public init(
    width: Int, largestRow: Int, palette: Palette, firstPage: some Collection<Movie>,
    marks: Marks? = nil, labelPrefix: String = ""
  ) {
    self.init(
      width: width, largestRow: largestRow, palette: palette,
      needs: ColumnNeeds(measuring: firstPage), marks: marks, labelPrefix: labelPrefix)
  }

  /// A table whose Title and Genres are sized by `needs` (by default, room for long ones), as
  /// the list measured them once from its first page.
  public init(
    width: Int, largestRow: Int, palette: Palette, needs: ColumnNeeds = .unknown,
    marks: Marks? = nil, labelPrefix: String = ""
  ) {
    self.palette = palette
    self.marks = marks
    showsProgress = needs.playback
    seriesTitles = needs.seriesTitles
    progressColumn = needs.partlyWatched ? Self.progressWidth : 1
    numberWidth = max(1, labelPrefix.count + String(largestRow).count)
    // What Title and the optional columns share, after the row number (and marks) and gaps.
    let shared =
      width - numberWidth - Self.gap.count - (marks == nil ? 0 : Self.markWidth)
      - (needs.playback ? progressColumn + Self.gap.count : 0)
    let title = min(Self.titleCap, max(12, needs.title))
    let genresNeed = max("Genres".count, needs.genres)
    let floor = min(title, Self.titleFloor)
    let genresRoom = Self.gap.count + Self.smallestGenres
    let ratingRoom = Self.gap.count + Self.ratingWidth
    // Columns give way in turn until Title keeps its floor: the date becomes its year, then
    // Genres go, then Rating (which Title keeps down to its smaller floor). The year stays.
    // Below 40 columns, the year too, where Title would fall under its smaller floor.
    let wholeDate = shared - ratingRoom - genresRoom - Self.gap.count - Self.releasedWidth >= floor
    showsReleased =
      shared - Self.gap.count - Self.yearWidth >= min(title, Self.titleFloorBesideRating)
    releasedWidth = showsReleased ? (wholeDate ? Self.releasedWidth : Self.yearWidth) : 0
    let releasedRoom = showsReleased ? Self.gap.count + releasedWidth : 0
    let keepsGenres = shared - ratingRoom - releasedRoom - genresRoom >= floor
    showsRating =
      keepsGenres
      || shared - ratingRoom - releasedRoom >= min(title, Self.titleFloorBesideRating)
    let available = shared - (showsRating ? ratingRoom : 0) - releasedRoom - Self.gap.count
    if !keepsGenres {
      genresWidth = 0
      titleWidth = max(1, available + Self.gap.count)
    } else if title + genresNeed <= available {
      // Both fit. The room left goes to Genres up to a width that holds most genre lists,
      // then to Title up to its cap, for later pages' longer ones.
      var left = available - title - genresNeed
      let moreGenres = min(left, max(0, Self.roomyGenres - genresNeed))
      left -= moreGenres
      genresWidth = genresNeed + moreGenres
      titleWidth = title + min(left, max(0, Self.titleCap - title))
    } else {
      // They share: Genres a third of the room (at least its smallest), Title the rest, but
      // never below its floor.
      genresWidth = min(genresNeed, max(Self.smallestGenres, min(available / 3, available - floor)))
      titleWidth = available - genresWidth
    }
  }

  /// The header line; `last` names a column after Released (the watchlist's From).
  public func header(last: String? = nil) -> String {
    var text = ""
    appendLine(
      number: "#", title: "Title", genres: "Genres", rating: "Rating",
      released: releasedWidth == Self.releasedWidth ? "Released" : "Year",
      last: last, styled: false, to: &text)
    return palette.apply(palette.heading, to: text)
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
    row(movie, label: String(number))
  }

  /// A row numbered with any label, such as the watchlist's `w3`, with `last` (already
  /// escaped) in a column after Released.
  func row(_ movie: Movie, label: String, last: String? = nil) -> String {
    var text = ""
    appendRow(movie, label: label, last: last, to: &text)
    return text
  }

  private var lineWidth: Int {
    numberWidth + Self.gap.count + titleWidth
      + (genresWidth > 0 ? genresWidth + Self.gap.count : 0)
      + (showsRating ? Self.ratingWidth + Self.gap.count : 0)
      + (showsReleased ? releasedWidth + Self.gap.count : 0)
      + (marks == nil ? 0 : Self.markWidth)
      + (showsProgress ? progressColumn + Self.gap.count : 0)
  }

  private func appendRow(_ movie: Movie, number: Int, to text: inout String) {
    appendRow(movie, label: String(number), to: &text)
  }

  private func appendRow(
    _ movie: Movie, label: String, last: String? = nil, to text: inout String
  ) {
    // No watchlist entry, no key to make: most lists mark nothing.
    let watched =
      marks.map { !$0.watched.isEmpty && $0.watched.contains(WatchEntry.key(for: movie)) } ?? false
    let genres = movie.genres
    appendLine(
      number: label, mark: watched ? marks?.symbol ?? "" : "",
      progress: showsProgress
        ? movie.playback.map(Self.progress) ?? movie.seriesProgress ?? "" : "",
      title: movie.rowTitle(withSeries: seriesTitles),
      // No genre is a dash, as no rating is: an empty cell looks like a missing column. One
      // genre, the most common, is not copied to be joined.
      genres: genres.isEmpty ? "–" : genres.count == 1 ? genres[0] : genres.joined(separator: ", "),
      rating: movie.rating.map(Format.rating) ?? "–",
      released: movie.releaseDate.map(Format.releaseDate) ?? "–",
      last: last, styled: true, to: &text
    )
  }

  /// The progress column's cell: `✓` played, `▶ 40%` stopped part way (`▶` alone when the
  /// length is not known), nothing when not started. Never 0 % or 100 % while in progress.
  static func progress(_ playback: Playback) -> String {
    if playback.played { return "✓" }
    guard playback.position > 0 else { return "" }
    guard let length = playback.length, length > 0 else { return "▶" }
    // Rounded as the server's own percentage is (41.25 % is 41 %, 40.98 % too).
    let exact = Double(playback.position) * 100 / Double(length)
    let percent = min(99, max(1, Int(exact.rounded())))
    return "▶ \(percent)%"
  }

  /// Builds the line in place: one string, no cell arrays, trailing spaces never written.
  /// `title`, `genres` and `released` are server text, escaped here (``TerminalText``);
  /// `last` is already escaped.
  private func appendLine(
    number: String, mark: String = "", progress: String = "", title: String, genres: String,
    rating: String, released: String, last: String? = nil, styled: Bool, to text: inout String
  ) {
    appendStyled(styled ? palette.dim : "", to: &text) {
      DisplayWidth.append(number, paddedTo: numberWidth, alignRight: true, to: &$0)
    }
    // The mark sits in the gap after the row number it belongs to, a space on each side.
    if marks != nil {
      text += " "
      appendStyled(mark.isEmpty ? "" : palette.accent, to: &text) {
        DisplayWidth.append(mark, paddedTo: 1, to: &$0)
      }
      text += " "
    } else {
      text += Self.gap
    }
    if showsProgress {
      // A narrow column (no film of the first page stopped part way) says `▶` alone.
      let cell = progress.count > progressColumn ? String(progress.prefix(1)) : progress
      appendStyled(cell.isEmpty || !styled ? "" : palette.accent, to: &text) {
        DisplayWidth.append(cell, paddedTo: progressColumn, to: &$0)
      }
      text += Self.gap
    }
    // The last cell is cut to its width but not padded, so no line ends in spaces (values
    // are trimmed when parsed). Trimming afterwards cost a copy of the page's text per space.
    if genresWidth == 0 && !showsRating && !showsReleased && last == nil {
      text += DisplayWidth.truncate(TerminalText.escape(title), toColumns: titleWidth)
      return
    }
    Self.appendEscaped(title, paddedTo: titleWidth, to: &text)
    if genresWidth > 0 {
      text += Self.gap
      Self.appendEscaped(genres, paddedTo: genresWidth, to: &text)
    }
    if showsRating {
      text += Self.gap
      appendStyled(styled ? palette.accent : "", to: &text) {
        DisplayWidth.append(rating, paddedTo: Self.ratingWidth, alignRight: true, to: &$0)
      }
    }
    if showsReleased {
      text += Self.gap
      let released = TerminalText.escape(released)
      let date =
        releasedWidth == Self.releasedWidth
        ? DisplayWidth.truncate(released, toColumns: releasedWidth)
        : DisplayWidth.truncate(String(released.prefix(Self.yearWidth)), toColumns: releasedWidth)
      guard last != nil else {
        text += date
        return
      }
      DisplayWidth.append(date, paddedTo: releasedWidth, to: &text)
    }
    if let last { text += Self.gap + last }
  }

  /// Appends server text escaped and padded to `width` columns: printable ASCII, nearly every
  /// cell, is measured by the one scan that finds it needs no escaping.
  private static func appendEscaped(_ text: String, paddedTo width: Int, to line: inout String) {
    guard text.isPrintableASCII else {
      return DisplayWidth.append(TerminalText.escape(text), paddedTo: width, to: &line)
    }
    DisplayWidth.appendPrintableASCII(text, paddedTo: width, to: &line)
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
