/// Renders every field of one movie, labelled, for `show N`.
public enum MovieDetails {
  /// A field that a source's details bring and its list rows may lack, which `pick`'s
  /// preview fetches while fzf runs and names in its place until then.
  public enum LaterField: String, Sendable, Hashable, CaseIterable {
    case whereToWatch
    case runningTime
  }

  /// With `thumbnail`, the Thumbnail line also says whether it is cached. With `width`, the
  /// title and each value (an overview) wrap at spaces under themselves, past their labels.
  /// `pending` gives what to say in the place of a field not known yet ("not fetched yet").
  public static func render(
    _ movie: Movie, row: RowLabel, palette: Palette, thumbnail: ThumbnailCacheState? = nil,
    width: Int? = nil, pending: [LaterField: String] = [:], series: SeriesParts? = nil
  ) -> String {
    let label = row.kind == .row ? "#\(row)" : row.description
    return render(
      movie, label: label, palette: palette, thumbnail: thumbnail, width: width, pending: pending,
      series: series)
  }

  /// The same, headed by any label, such as the watchlist's `w3`.
  public static func render(
    _ movie: Movie, label: String, palette: Palette, thumbnail: ThumbnailCacheState? = nil,
    width: Int? = nil, pending: [LaterField: String] = [:], series: SeriesParts? = nil
  ) -> String {
    let fields = self.fields(of: movie, thumbnail: thumbnail, pending: pending, series: series)
    let heading = hanging(
      TerminalText.escape(movie.title), after: DisplayWidth.columns(of: label) + 2, width: width)
    return palette.apply(palette.heading, to: label + "  " + heading) + "\n"
      + lines(fields.shown, labelWidth: labelWidth(fields.shown), palette: palette, width: width)
      + unlistedLine(fields.unlisted, palette: palette)
  }

  private typealias Field = (label: String, value: String)

  /// What `show N` of a series asks its source for beside its details: the seasons and the
  /// next episode to watch.
  public struct SeriesParts: Sendable, Hashable {
    /// The seasons, in the source's order; empty when it could not say.
    public var seasons: [Season]
    /// The episode to watch next (a media server's next up); nil when none or not known.
    public var next: Movie?

    /// The parts from their values.
    public init(seasons: [Season], next: Movie?) {
      self.seasons = seasons
      self.next = next
    }
  }

  /// `Season 1: 10 episodes · Specials: 3 episodes`; nil without seasons.
  static func seasonList(_ seasons: [Season]) -> String? {
    let parts = seasons.map { season in
      (season.number == 0 ? "Specials" : "Season \(season.number)")
        + (season.episodeCount.map { ": \(Format.grouped($0)) episode\($0 == 1 ? "" : "s")" } ?? "")
    }
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }

  /// `S02E03 The Crossing`: the next episode's place and title.
  static func nextEpisode(_ episode: Movie) -> String {
    (episode.episode.map { $0.code + " " } ?? "") + episode.title
  }

  /// `5 seasons, 50 episodes`; nil when the source counted neither.
  static func seasons(_ counts: SeriesCounts) -> String? {
    func count(_ number: Int?, _ noun: String) -> String? {
      number.map { "\(Format.grouped($0)) \(noun)\($0 == 1 ? "" : "s")" }
    }
    let parts = [count(counts.seasons, "season"), count(counts.episodes, "episode")]
      .compactMap { $0 }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }

  /// `4 of 18 episodes seen`, `All 18 episodes seen`; nil where the source does not know.
  static func seen(_ counts: SeriesCounts) -> String? {
    guard let seen = counts.seen else { return nil }
    if counts.allSeen, let episodes = counts.episodes {
      return "All \(Format.grouped(episodes)) episodes seen"
    }
    return "\(Format.grouped(seen))" + (counts.episodes.map { " of \(Format.grouped($0))" } ?? "")
      + " episodes seen"
  }

  /// The labelled, escaped fields `show` lists, and how many unknown ones are left out.
  private static func fields(
    of movie: Movie, thumbnail: ThumbnailCacheState?, pending: [LaterField: String],
    series: SeriesParts?
  ) -> (shown: [Field], unlisted: Int) {
    var fields: [Field] = []
    func add(_ label: String, _ value: String?) {
      if let value { fields.append((label, TerminalText.escape(value))) }
    }
    // What decides tonight first, in the same order on every source: what it is, where to
    // watch it (or how far you got), how long and how good, who made it; then the rest.
    add("Overview", movie.overview)
    // An episode says where it sits; a series how far it goes and how far you got.
    add("Episode", movie.episode.map { "\($0.seriesTitle) \($0.code)" })
    add("Seasons", movie.seriesCounts.flatMap(Self.seasons))
    add("By season", series.flatMap { Self.seasonList($0.seasons) })
    add("Next episode", series?.next.map(Self.nextEpisode))
    add("Where to watch", movie.providers?.summary ?? pending[.whereToWatch])
    // "Watched" would be the watchlist's word: this is what was seen of it.
    add("Progress", movie.playback?.summary ?? movie.seriesCounts.flatMap(Self.seen))
    add("Running time", movie.runningTime.map { "\($0) min" } ?? pending[.runningTime])
    add("Genres", names(movie.genres))
    add(
      "Rating",
      movie.rating.map { rating in
        Format.rating(rating)
          + (movie.ratingCount.map { " from \(Format.grouped($0)) ratings" } ?? "")
      })
    add("Released", movie.releaseDate.map(Format.releaseDate))
    add("Creators", names(movie.creators))
    add("Directors", names(movie.directors))
    add("Cast", names(Array(movie.cast.prefix(castShown))))
    add("Tagline", movie.tagline)
    add("Grade", movie.grade)
    add("Trailer", movie.trailer)
    add("IMDb ID", movie.imdbID)
    add("Movie ID", movie.id)
    add("Link", movie.link)
    add("Thumbnail", movie.thumbnail.map { $0 + (thumbnail.map(Self.describe) ?? "") })
    let otherKeys = movie.otherFields.keys.sorted()
    for key in otherKeys.prefix(maximumOtherFields) {
      guard let value = movie.otherFields[key] else { continue }
      if let known = KnownField.named(key) {
        add(known.label, known.format(value))
      } else {
        add(key, value)
      }
    }
    // Labels come from the server: each is cut to a width, so one long name cannot pad every
    // line of the output to its width.
    fields = fields.map { (DisplayWidth.truncate(TerminalText.escape($0.0), toColumns: 32), $0.1) }
    return (fields, max(0, otherKeys.count - maximumOtherFields))
  }

  /// A field a source sends under its data name (TMDb's `budget`, `vote_count`), shown as
  /// people read it (`Budget  $25,000,000`, `Votes  12,345`) or left out (`popularity`, a
  /// score of TMDb's own; `genreIds`; `status` when the film is simply out). `--json` keeps
  /// the data.
  struct KnownField {
    var label: String
    /// The value as shown; nil leaves the field out.
    var format: (String) -> String?

    static func named(_ key: String) -> KnownField? {
      switch key {
      case "budget": KnownField(label: "Budget", format: money)
      case "revenue": KnownField(label: "Revenue", format: money)
      case "vote_count": KnownField(label: "Votes", format: count)
      case "original_title": KnownField(label: "Original title") { $0 }
      case "status": KnownField(label: "Status") { $0 == "Released" ? nil : $0 }
      // A score of TMDb's own, and the genres' ids the Genres line names.
      case "popularity", "genreIds": KnownField(label: "") { _ in nil }
      default: nil
      }
    }

    /// Dollars, grouped (TMDb's amounts are in US dollars); nil for none or not a number.
    static func money(_ text: String) -> String? {
      count(text).map { "$" + $0 }
    }

    /// A whole number, grouped; nil for 0 or not a number.
    static func count(_ text: String) -> String? {
      guard let number = Int(text), number > 0 else { return nil }
      return Format.grouped(number)
    }
  }

  /// How many of the cast `show` names; `--json` has them all.
  public static let castShown = 5

  private static func names(_ names: [String]) -> String? {
    names.isEmpty ? nil : names.joined(separator: ", ")
  }

  private static func labelWidth(_ fields: [Field]) -> Int {
    fields.map { DisplayWidth.columns(of: $0.label) }.max() ?? 0
  }

  private static func lines(
    _ fields: [Field], labelWidth: Int, palette: Palette, width: Int?
  ) -> String {
    fields.map { label, value in
      "  " + palette.apply(palette.dim, to: DisplayWidth.pad(label, toColumns: labelWidth)) + "  "
        + hanging(value, after: labelWidth + 4, width: width) + "\n"
    }.joined()
  }

  private static func unlistedLine(_ unlisted: Int, palette: Palette) -> String {
    guard unlisted > 0 else { return "" }
    let fields = unlisted == 1 ? "1 more field" : "\(Format.grouped(unlisted)) more fields"
    return "  " + palette.apply(palette.dim, to: "and \(fields)") + "\n"
  }

  /// `text` wrapped to the columns right of `indent`, its later lines starting there; on a
  /// terminal too narrow for that, under a smaller indent.
  private static func hanging(_ text: String, after indent: Int, width: Int?) -> String {
    guard let width else { return text }
    let later = width - indent >= 16 ? indent : min(indent, 4)
    // Spaces stand for what is left of the text on its first line, then are dropped.
    let wrapped = TextWrap.wrap(
      String(repeating: " ", count: indent) + text, toColumns: width,
      indent: String(repeating: " ", count: later))
    return String(wrapped.dropFirst(indent))
  }

  /// The most fields the browser does not know that `show` lists; `--json` has them all.
  public static let maximumOtherFields = 50

  private static func describe(_ state: ThumbnailCacheState) -> String {
    switch state {
    case .inMemory: " (cached, in memory)"
    case .onDisk: " (cached on disk)"
    case .notCached: " (not cached; 'thumb N' saves it)"
    case .unavailable: " (cannot be loaded)"
    }
  }
}
