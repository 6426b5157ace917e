/// One moment of playing, as a server is told it: started, still playing (or paused), or
/// stopped, at a position in a film of a length.
public struct PlaybackReport: Sendable, Hashable {
  /// What is happening.
  public enum State: String, Sendable, Hashable {
    case started, playing, paused, stopped
  }

  /// What is happening.
  public var state: State
  /// Seconds into the film.
  public var position: Double
  /// The film's length in seconds; nil when neither the player nor the server knows it.
  public var length: Double?

  /// At this share of the film or past it, the film is played (media servers' usual 90 %).
  public static let playedShare = 0.9
  /// Below this share the film is barely started and nothing is changed (their usual 5 %).
  public static let startedShare = 0.05

  /// A report of `state` at `position` of `length` seconds.
  public init(_ state: State, position: Double, length: Double?) {
    self.state = state
    self.position = max(0, position)
    self.length = length.flatMap { $0 > 0 ? $0 : nil }
  }

  /// The report of `state` at where `progress` is.
  public init(_ state: State, at progress: PlayerProgress.Snapshot) {
    self.init(state, position: progress.reportedPosition, length: progress.length)
  }

  /// How much of the film is behind the position, from 0 to 1; nil without a length.
  public var share: Double? { length.map { min(1, position / $0) } }

  /// Stopped at 90 % or more: the film is played.
  public var isPlayedOut: Bool { (share ?? 0) >= Self.playedShare }

  /// Below 5 %, or without a length: too little to change what the server knows.
  public var isBarelyStarted: Bool { (share ?? 0) < Self.startedShare }

  /// What this leaves of the film: played at 90 % or more, and the position and length in
  /// whole seconds.
  public var playback: Playback {
    Playback(
      played: isPlayedOut, position: Int(position.rounded()),
      length: length.map { Int($0.rounded()) })
  }

  /// The position in whole milliseconds.
  public var milliseconds: Int { Int((position * 1000).rounded()) }

  /// The length in whole milliseconds; 0 when unknown.
  public var lengthMilliseconds: Int { Int(((length ?? 0) * 1000).rounded()) }
}
