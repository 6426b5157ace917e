import Synchronization

/// Where a player is in a film, as it says while it plays: written by the player (from the
/// thread that reads it), read by the reports sent to the server meanwhile and at the end.
public final class PlayerProgress: Sendable {
  /// What the player has said so far.
  public struct Snapshot: Sendable, Hashable {
    /// Seconds into the film: where playing started until the player says otherwise.
    public var position: Double
    /// The film's length in seconds, from the server, else from the player; nil when unknown.
    public var length: Double?
    /// The player is paused.
    public var paused = false
    /// The player played the film to its end (not stopped, quit or killed).
    public var reachedEnd = false
    /// The player said where it is, once at least: false for one that says nothing (no IPC),
    /// whose position is still where playing started.
    public var heard = false
    /// The first failure reading the stream from its server while the player played (a
    /// stall, a body cut short): why the player may have stopped early.
    public var streamFailure: TransferFailure?

    /// The length is the server's running time, which the player's duration does not change.
    var lengthIsServers = false

    /// The stream ended (the player reached its end) before ``PlaybackReport/playedShare``
    /// of the film's length: a stream cut short or a wrong file, not a film played out.
    public var streamEndedEarly: Bool {
      guard reachedEnd, let length else { return false }
      return position < length * PlaybackReport.playedShare
    }

    /// Where the film is as a report says it: at its end once the player got there, unless
    /// the stream ended early, where it ended.
    public var reportedPosition: Double {
      reachedEnd && !streamEndedEarly ? max(position, length ?? position) : position
    }
  }

  private let state: Mutex<Snapshot>

  /// A film starting `start` seconds in, `length` seconds long as far as the server knows
  /// (each held within ``PlaybackReport/longest``).
  public init(start: Int, length: Int?) {
    let length = length.map(Double.init).flatMap { $0 > 0 ? $0 : nil }
    state = Mutex(
      Snapshot(
        position: PlaybackReport.believable(Double(start)),
        length: length.map(PlaybackReport.believable)))
  }

  /// `movie` starting `start` seconds in: its length is the server's, else its running time;
  /// either stays whatever the player measures (a stream that ends at once may say it is a
  /// second long). Only without either is the player's duration the length.
  public convenience init(start: Int, of movie: Movie) {
    // Minutes as a Double: a server's running time times 60 may overflow an Int.
    let minutes = movie.runningTime.map { Double($0) * 60 }
    self.init(start: start, length: nil)
    if let length = movie.playback?.length.map(Double.init) ?? minutes { measured(length: length) }
    state.withLock { $0.lengthIsServers = $0.length != nil }
  }

  /// What the player has said so far.
  public var snapshot: Snapshot { state.withLock { $0 } }

  /// The player is `seconds` into the film (a negative or non-finite value is ignored; one
  /// past ``PlaybackReport/longest`` is held there).
  public func moved(to seconds: Double) {
    guard seconds.isFinite, seconds >= 0 else { return }
    state.withLock {
      $0.position = PlaybackReport.believable(seconds)
      $0.heard = true
    }
  }

  /// The film is `seconds` long, as the player measured it. The server's length stays, and
  /// a length past ``PlaybackReport/longest`` (a file's header may claim any) is not believed.
  public func measured(length seconds: Double) {
    guard seconds.isFinite, seconds > 0, seconds <= Double(PlaybackReport.longest) else { return }
    state.withLock { if !$0.lengthIsServers { $0.length = seconds } }
  }

  /// Reading the stream from its server failed under the player; the first failure is kept.
  public func streamFailed(_ failure: TransferFailure) {
    state.withLock { $0.streamFailure = $0.streamFailure ?? failure }
  }

  /// The player paused or went on.
  public func paused(_ paused: Bool) {
    state.withLock { $0.paused = paused }
  }

  /// The player reached the film's end.
  public func reachedEnd() {
    state.withLock {
      $0.reachedEnd = true
      $0.heard = true
    }
  }
}
