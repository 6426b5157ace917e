/// One movie as the API describes it.
///
/// Every field but the title is optional: real servers of this kind leave fields out or send
/// `null`. Fields the browser does not know are kept in ``otherFields`` so `show N` can still
/// print them.
///
/// A value type whose fields live in one shared, immutable box: copying a movie into the list,
/// a command's result or a table costs one reference count, not one per text field, and the
/// list holds one word per row. Changing a field gives this value a box of its own.
public struct Movie: Sendable, Hashable {
  /// The fields, stored once however many copies of the movie there are.
  struct Fields: Sendable, Hashable {
    var id: String?
    var title: String
    var genres: [String] = []
    var thumbnail: String?
    var link: String?
    var rating: Double?
    var ratingCount: Int?
    var releaseDate: String?
    var runningTime: Int?
    var grade: String?
    var otherFields: [String: String] = [:]
    var overview: String?
    var playback: Playback?
  }

  private final class Storage: Sendable {
    let fields: Fields
    init(_ fields: Fields) { self.fields = fields }
  }

  private var storage: Storage

  init(_ fields: Fields) {
    storage = Storage(fields)
  }

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
    playback: Playback? = nil
  ) {
    self.init(
      Fields(
        id: id, title: title, genres: genres, thumbnail: thumbnail, link: link, rating: rating,
        ratingCount: ratingCount, releaseDate: releaseDate, runningTime: runningTime, grade: grade,
        otherFields: otherFields, overview: overview, playback: playback))
  }

  /// The server's identifier (`movieId`), when it sends one.
  public var id: String? {
    get { storage.fields.id }
    set { change { $0.id = newValue } }
  }
  public var title: String {
    get { storage.fields.title }
    set { change { $0.title = newValue } }
  }
  /// The genre names, split from the comma-joined `genreNames`.
  public var genres: [String] {
    get { storage.fields.genres }
    set { change { $0.genres = newValue } }
  }
  /// The thumbnail's address exactly as the server sent it (`thumbnailImage`).
  public var thumbnail: String? {
    get { storage.fields.thumbnail }
    set { change { $0.thumbnail = newValue } }
  }
  /// The movie's page (`linkUrl`).
  public var link: String? {
    get { storage.fields.link }
    set { change { $0.link = newValue } }
  }
  /// The average rating (`ratingAverage`).
  public var rating: Double? {
    get { storage.fields.rating }
    set { change { $0.rating = newValue } }
  }
  /// How many ratings the average is made of (`ratingCount`).
  public var ratingCount: Int? {
    get { storage.fields.ratingCount }
    set { change { $0.ratingCount = newValue } }
  }
  /// The release date as sent (`releaseDate`): a year, `YYYYMMDD` or `YYYY-MM-DD`.
  public var releaseDate: String? {
    get { storage.fields.releaseDate }
    set { change { $0.releaseDate = newValue } }
  }
  /// The running time in minutes (`runningTime`).
  public var runningTime: Int? {
    get { storage.fields.runningTime }
    set { change { $0.runningTime = newValue } }
  }
  /// The age grade or certificate (`grade`).
  public var grade: String? {
    get { storage.fields.grade }
    set { change { $0.grade = newValue } }
  }
  /// Scalar fields the browser does not know, by name, as text.
  public var otherFields: [String: String] {
    get { storage.fields.otherFields }
    set { change { $0.otherFields = newValue } }
  }

  /// A summary of the film, from sources that have one (Jellyfin's `Overview`).
  public var overview: String? {
    get { storage.fields.overview }
    set { change { $0.overview = newValue } }
  }
  /// What the user has watched of it, from sources that know (a Jellyfin user's `UserData`).
  public var playback: Playback? {
    get { storage.fields.playback }
    set { change { $0.playback = newValue } }
  }

  /// A new box with one field changed: other copies keep the old one.
  private mutating func change(_ edit: (inout Fields) -> Void) {
    var fields = storage.fields
    edit(&fields)
    storage = Storage(fields)
  }

  public static func == (lhs: Movie, rhs: Movie) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.fields)
  }
}
