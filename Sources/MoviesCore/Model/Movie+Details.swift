extension Movie {
  /// What a source's details add to a row (credits, where to watch it, its trailer), and a series' counts or an episode's place. Most rows
  /// never have them (only those `show` asked for), so a row holds one optional reference for
  /// all nine, not about 120 bytes of empty fields: a list of 58,788 rows was 7 MB larger.
  struct Details: Sendable, Hashable {
    // An episode's place and a series' counts: only those kinds have them.
    var episode: EpisodePlace?
    var seriesCounts: SeriesCounts?
    var tagline: String?
    var directors: [String] = []
    var creators: [String] = []
    var cast: [String] = []
    var providers: WatchProviders?
    var imdbID: String?
    var trailer: String?

    /// None at all is no box, so fields compare equal however they came to have no details.
    static func boxed(_ details: Details) -> Box? {
      details == Details() ? nil : Box(details)
    }

    /// Immutable, so a copy of the fields shares it; a change makes a new one.
    final class Box: Sendable, Hashable {
      let details: Details
      init(_ details: Details) { self.details = details }

      static func == (lhs: Box, rhs: Box) -> Bool { lhs.details == rhs.details }
      func hash(into hasher: inout Hasher) { hasher.combine(details) }
    }
  }
}

extension Movie.Fields {
  /// See ``Movie/episode``.
  public var episode: EpisodePlace? {
    get { details?.details.episode }
    set { changeDetails { $0.episode = newValue } }
  }
  /// See ``Movie/seriesCounts``.
  public var seriesCounts: SeriesCounts? {
    get { details?.details.seriesCounts }
    set { changeDetails { $0.seriesCounts = newValue } }
  }
  /// See ``Movie/tagline``.
  public var tagline: String? {
    get { details?.details.tagline }
    set { changeDetails { $0.tagline = newValue } }
  }
  /// See ``Movie/directors``.
  public var directors: [String] {
    get { details?.details.directors ?? [] }
    set { changeDetails { $0.directors = newValue } }
  }
  /// See ``Movie/creators``.
  public var creators: [String] {
    get { details?.details.creators ?? [] }
    set { changeDetails { $0.creators = newValue } }
  }
  /// See ``Movie/cast``.
  public var cast: [String] {
    get { details?.details.cast ?? [] }
    set { changeDetails { $0.cast = newValue } }
  }
  /// See ``Movie/providers``.
  public var providers: WatchProviders? {
    get { details?.details.providers }
    set { changeDetails { $0.providers = newValue } }
  }
  /// See ``Movie/imdbID``.
  public var imdbID: String? {
    get { details?.details.imdbID }
    set { changeDetails { $0.imdbID = newValue } }
  }
  /// See ``Movie/trailer``.
  public var trailer: String? {
    get { details?.details.trailer }
    set { changeDetails { $0.trailer = newValue } }
  }

  private mutating func changeDetails(_ change: (inout Movie.Details) -> Void) {
    var changed = details?.details ?? Movie.Details()
    change(&changed)
    details = Movie.Details.boxed(changed)
  }
}
