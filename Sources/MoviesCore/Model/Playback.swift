/// What a user has watched of a film: whether it was played to the end, and where they
/// stopped when it was not.
public struct Playback: Sendable, Hashable {
  /// Played to the end (Jellyfin's `Played`).
  public var played: Bool
  /// Where playing stopped, in whole seconds; 0 when it never started or was played out.
  public var position: Int
  /// The film's length in whole seconds, when known.
  public var length: Int?

  /// What was watched: `played`, and `position` of `length` seconds. The numbers are a
  /// server's: a negative position is 0, one past the end is the end, a length that is not
  /// positive or is longer than a week (``PlaybackReport/longest``) is not known.
  public init(played: Bool, position: Int = 0, length: Int? = nil) {
    let length = length.flatMap { (1...PlaybackReport.longest).contains($0) ? $0 : nil }
    self.played = played
    self.position = min(max(0, position), length ?? PlaybackReport.longest)
    self.length = length
  }

  /// Where to start playing: the stopped position, unless the film was played out.
  public var resumePosition: Int { played ? 0 : position }

  /// `show N`'s Progress: "Played", "Not played", or "Stopped at 1:12:05 of 2:14:00".
  public var summary: String {
    if played { return "Played" }
    guard position > 0 else { return "Not played" }
    return "Stopped at \(stoppedAt)"
  }

  /// Where it stopped: "1:12:05 of 2:14:00", or "1:12:05" when the length is not known.
  public var stoppedAt: String {
    Self.clock(position) + (length.map { " of \(Self.clock($0))" } ?? "")
  }

  /// Seconds as `H:MM:SS`, or `M:SS` under an hour.
  public static func clock(_ seconds: Int) -> String {
    let hours = seconds / 3600
    let minutes = seconds / 60 % 60
    let rest = seconds % 60
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
    return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
  }
}
