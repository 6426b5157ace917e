/// One movie as the API describes it.
///
/// Every field but the title is optional: real servers of this kind leave fields out or send
/// `null`. Fields the browser does not know are kept in ``otherFields`` so `show N` can still
/// print them.
public struct Movie: Sendable, Hashable {
  /// The server's identifier (`movieId`), when it sends one.
  public var id: String?
  public var title: String
  /// The genre names, split from the comma-joined `genreNames`.
  public var genres: [String]
  /// The thumbnail's address exactly as the server sent it (`thumbnailImage`).
  public var thumbnail: String?
  /// The movie's page (`linkUrl`).
  public var link: String?
  /// The average rating (`ratingAverage`).
  public var rating: Double?
  /// How many ratings the average is made of (`ratingCount`).
  public var ratingCount: Int?
  /// The release date as sent (`releaseDate`): a year, `YYYYMMDD` or `YYYY-MM-DD`.
  public var releaseDate: String?
  /// The running time in minutes (`runningTime`).
  public var runningTime: Int?
  /// The age grade or certificate (`grade`).
  public var grade: String?
  /// Scalar fields the browser does not know, by name, as text.
  public var otherFields: [String: String]
  /// A summary of the film, from sources that have one (Jellyfin's `Overview`).
  public var overview: String?
  /// What the user has watched of it, from sources that know (a Jellyfin user's `UserData`).
  public var playback: Playback?

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
  }
}
