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
  /// The longest film believed, in seconds: a week. A player or server that says more (a
  /// file whose header claims 1e297 seconds) is mistaken or hostile; every number a report
  /// sends stays within this, so none overflows on its way to an integer.
  public static let longest = 7 * 24 * 3_600

  /// A report of `state` at `position` of `length` seconds. A position is held between 0 and
  /// ``longest`` (NaN is 0); a length that is not positive or is past ``longest`` is unknown.
  public init(_ state: State, position: Double, length: Double?) {
    self.state = state
    self.position = Self.believable(position)
    self.length = length.flatMap { $0 > 0 && $0 <= Double(Self.longest) ? $0 : nil }
  }

  /// `seconds` between 0 and ``longest``; NaN is 0.
  static func believable(_ seconds: Double) -> Double {
    seconds.isNaN ? 0 : min(max(0, seconds), Double(longest))
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
      played: isPlayedOut, position: Self.whole(position, per: 1),
      length: length.map { Self.whole($0, per: 1) })
  }

  /// The position in whole milliseconds.
  public var milliseconds: Int { Self.whole(position, per: 1_000) }

  /// The length in whole milliseconds; 0 when unknown.
  public var lengthMilliseconds: Int { Self.whole(length ?? 0, per: 1_000) }

  /// The position in ticks, ten million a second (.NET's, which Jellyfin counts in).
  public var ticks: Int { Self.whole(position, per: 10_000_000) }

  /// `seconds` in whole units of `1/perSecond` s, within 0 and ``longest`` seconds' worth.
  private static func whole(_ seconds: Double, per perSecond: Int) -> Int {
    Int(rounding: seconds * Double(perSecond), within: 0...(longest * perSecond))
  }
}
