/// Plays a film's stream (`mpv`), for `play N`. The executable provides it; without one,
/// `play N` says how to get one.
public protocol MediaPlayer: Sendable {
  /// Plays until the player exits, telling `progress` where it is as it plays; returns its
  /// exit status (0 when it played, -1 when it was killed). Cancelling the calling task asks
  /// the player to quit, and this returns once it has.
  func play(_ stream: StreamRequest, progress: PlayerProgress) async throws -> Int32
  /// Whether it can play a web page's video (YouTube's), which mpv does through yt-dlp.
  var playsWebVideo: Bool { get }
  /// The tracks played unless `play N` says otherwise (the `audio-language` and
  /// `subtitle-language` settings); its start is not used.
  var preferredTracks: PlayChoices { get }
  /// Where the player's own messages go, for the sentence that says it failed; nil when
  /// they are kept nowhere.
  var messagesLog: String? { get }
}

extension MediaPlayer {
  /// Not unless the player says so.
  public var playsWebVideo: Bool { false }
  /// None: the player chooses.
  public var preferredTracks: PlayChoices { PlayChoices() }
  /// Kept nowhere.
  public var messagesLog: String? { nil }
}

/// A source whose films can be played: it says where each one's stream is.
public protocol StreamSource: Sendable {
  /// The film's stream, the headers it needs and where to start; nil when it has none.
  func stream(for movie: Movie) -> StreamRequest?
  /// The engine the stream's first answer is asked through, before a player gets its address
  /// (see ``StreamRequest/resolved(through:)``).
  var engine: HTTPEngine { get }
  /// Who is told what was played: where `play N` stopped, and that a film was played out;
  /// it also says where to start, just before. Nil for a source told nothing (the default).
  var playbackReporter: (any PlaybackReporting)? { get }
  /// Who is told by hand that a film was seen or not (`seen N`); nil for a source that is
  /// not (the default), whose marks the library's diary keeps.
  var playedMarker: (any PlayedMarking)? { get }
  /// The film's trailer as a stream on the server (a media server's trailer extra); nil when its
  /// trailer, if any, is a web video.
  func trailerStream(for movie: Movie) -> StreamRequest?
  /// Who lists a film's audio and subtitle tracks; nil for a source that does not know them
  /// (the default).
  var trackListing: (any TrackListing)? { get }
}

extension StreamSource {
  /// Told nothing, unless the source says otherwise.
  public var playbackReporter: (any PlaybackReporting)? { nil }
  /// Told nothing, unless the source says otherwise.
  public var playedMarker: (any PlayedMarking)? { nil }
  /// None: the trailer, if any, is a web video.
  public func trailerStream(for movie: Movie) -> StreamRequest? { nil }
  /// None: the tracks are the player's to find.
  public var trackListing: (any TrackListing)? { nil }
}
