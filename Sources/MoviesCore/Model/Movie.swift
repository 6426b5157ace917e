/// One movie as the API describes it.
///
/// Every field but the title is optional: real servers of this kind leave fields out or send
/// `null`. Fields the browser does not know are kept in ``otherFields`` so `show N` can still
/// print them.
///
/// A value type whose fields live in one shared, immutable box: copying a movie into the list,
/// a command's result or a table costs one reference count, not one per text field, and the
/// list holds one word per row. The fields are read-only; ``changing(_:)`` gives a copy with a
/// box of its own.
public struct Movie: Sendable, Hashable {
  /// The fields, stored once however many copies of the movie there are; a source fills
  /// them through ``changing(_:)``. Each is described at its read-only property below.
  public struct Fields: Sendable, Hashable {
    /// See ``Movie/id``.
    public var id: String?
    /// See ``Movie/title``.
    public var title: String
    /// See ``Movie/genres``.
    public var genres: [String] = []
    /// See ``Movie/thumbnail``.
    public var thumbnail: String?
    /// See ``Movie/link``.
    public var link: String?
    /// See ``Movie/rating``.
    public var rating: Double?
    /// See ``Movie/ratingCount``.
    public var ratingCount: Int?
    /// See ``Movie/releaseDate``.
    public var releaseDate: String?
    /// See ``Movie/runningTime``.
    public var runningTime: Int?
    /// See ``Movie/grade``.
    public var grade: String?
    /// See ``Movie/otherFields``.
    public var otherFields: [String: String] = [:]
    /// See ``Movie/overview``.
    public var overview: String?
    /// See ``Movie/playback``.
    public var playback: Playback?
    /// See ``Movie/kind``.
    public var kind: TitleKind = .film
    /// What a source's details add, in a box of their own (``Movie/Details``).
    var details: Details.Box?

    /// Fields with these values; `title` is the only one required.
    public init(
      id: String? = nil, title: String, genres: [String] = [], thumbnail: String? = nil,
      link: String? = nil, rating: Double? = nil, ratingCount: Int? = nil,
      releaseDate: String? = nil, runningTime: Int? = nil, grade: String? = nil,
      otherFields: [String: String] = [:], overview: String? = nil, playback: Playback? = nil,
      kind: TitleKind = .film, episode: EpisodePlace? = nil, seriesCounts: SeriesCounts? = nil
    ) {
      self.id = id
      self.title = title
      self.genres = genres
      self.thumbnail = thumbnail
      self.link = link
      self.rating = rating
      self.ratingCount = ratingCount
      self.releaseDate = releaseDate
      self.runningTime = runningTime
      self.grade = grade
      self.otherFields = otherFields
      self.overview = overview
      self.playback = playback
      self.kind = kind
      // Only series and episodes have them: in the box beside the details, not in every row.
      // Set only when there: each setter compares the details with empty ones, and a
      // page's parser makes these fields for every row.
      if episode != nil || seriesCounts != nil {
        self.episode = episode
        self.seriesCounts = seriesCounts
      }
    }
  }

  private final class Storage: Sendable {
    let fields: Fields
    init(_ fields: Fields) { self.fields = fields }
  }

  private let storage: Storage

  init(_ fields: Fields) {
    storage = Storage(fields)
  }

  /// A movie with these fields; `title` is the only one required.
  public init(
    id: String? = nil,
    title: String,
    genres: [String] = [],
    thumbnail: String? = nil,
    link: String? = nil,
    rating: Double? = nil,
    ratingCount: Int? = nil,
    releaseDate: String? = nil,
    runningTime: Int? = nil,
    grade: String? = nil,
    otherFields: [String: String] = [:],
    overview: String? = nil,
    playback: Playback? = nil,
    kind: TitleKind = .film,
    episode: EpisodePlace? = nil,
    seriesCounts: SeriesCounts? = nil,
    tagline: String? = nil,
    directors: [String] = [],
    creators: [String] = [],
    cast: [String] = [],
    providers: WatchProviders? = nil,
    imdbID: String? = nil,
    trailer: String? = nil
  ) {
    var fields = Fields(
      id: id, title: title, genres: genres, thumbnail: thumbnail, link: link, rating: rating,
      ratingCount: ratingCount, releaseDate: releaseDate, runningTime: runningTime, grade: grade,
      otherFields: otherFields, overview: overview, playback: playback, kind: kind)
    // One box for the nine, made only when one of them is there: this runs for every row.
    let details = Details(
      episode: episode, seriesCounts: seriesCounts,
      tagline: tagline, directors: directors, creators: creators, cast: cast, providers: providers,
      imdbID: imdbID,
      trailer: trailer)
    fields.details = Details.boxed(details)
    self.init(fields)
  }

  /// The server's identifier (`movieId`), when it sends one.
  public var id: String? { storage.fields.id }
  /// The title, as the server sent it.
  public var title: String { storage.fields.title }
  /// The genre names, split from the comma-joined `genreNames`.
  public var genres: [String] { storage.fields.genres }
  /// The thumbnail's address exactly as the server sent it (`thumbnailImage`).
  public var thumbnail: String? { storage.fields.thumbnail }
  /// The movie's page (`linkUrl`).
  public var link: String? { storage.fields.link }
  /// The average rating (`ratingAverage`).
  public var rating: Double? { storage.fields.rating }
  /// How many ratings the average is made of (`ratingCount`).
  public var ratingCount: Int? { storage.fields.ratingCount }
  /// The release date as sent (`releaseDate`): a year, `YYYYMMDD` or `YYYY-MM-DD`.
  public var releaseDate: String? { storage.fields.releaseDate }
  /// The running time in minutes (`runningTime`).
  public var runningTime: Int? { storage.fields.runningTime }
  /// The age grade or certificate (`grade`).
  public var grade: String? { storage.fields.grade }
  /// Scalar fields the browser does not know, by name, as text.
  public var otherFields: [String: String] { storage.fields.otherFields }

  /// A summary of the film, from sources that have one (Jellyfin's `Overview`).
  public var overview: String? { storage.fields.overview }
  /// What the user has watched of it, from sources that know (a Jellyfin user's `UserData`).
  public var playback: Playback? { storage.fields.playback }
  /// What it is: a film (the default), a series, a season or an episode.
  public var kind: TitleKind { storage.fields.kind }
  /// For an episode, its series, season and number; nil for other kinds.
  public var episode: EpisodePlace? { storage.fields.episode }
  /// For a series, its seasons, episodes and the episodes seen, as far as the source says.
  public var seriesCounts: SeriesCounts? { storage.fields.seriesCounts }
  /// Its identity, kind and id together; nil when the source sent no id.
  public var identity: TitleID? { id.map { TitleID(kind, $0) } }

  // What a source's details add: credits, where to watch it, its trailer.
  /// The line under the title in posters and press (TMDb's `tagline`).
  public var tagline: String? { storage.fields.tagline }
  /// The directors' names.
  public var directors: [String] { storage.fields.directors }
  /// A series' creators' names (TMDb's `created_by`).
  public var creators: [String] { storage.fields.creators }
  /// The cast's names, in billing order.
  public var cast: [String] { storage.fields.cast }
  /// Where it streams, rents and sells in the source's region (TMDb).
  public var providers: WatchProviders? { storage.fields.providers }
  /// Its IMDb identifier (`tt0113277`).
  public var imdbID: String? { storage.fields.imdbID }
  /// Its trailer's address: a web video (YouTube), or a path on the media server (a
  /// trailer extra) that the source turns into a stream.
  public var trailer: String? { storage.fields.trailer }

  /// A copy with `edit` applied to its fields, in a box of its own: this movie and its other
  /// copies keep theirs. Every change goes through here, so several fields changed at once
  /// cost one box.
  public func changing(_ edit: (inout Fields) -> Void) -> Movie {
    var fields = storage.fields
    edit(&fields)
    return Movie(fields)
  }

  /// Equal when they share a box, or their fields are equal.
  public static func == (lhs: Movie, rhs: Movie) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
  }

  /// Hashes the fields, as ``==`` compares them.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.fields)
  }
}
