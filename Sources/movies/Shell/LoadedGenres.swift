import MoviesCore
import Synchronization

/// The genres, for completion and the prompt, loaded in the background so the first prompt
/// never waits: a detached task fills it while the main thread waits in `el_gets`, whose Tab
/// reads it, so it is shared behind a lock rather than kept on the main actor.
final class LoadedGenres: Sendable {
  private let genres = Mutex<[Genre]>([])

  /// None until the load is done.
  init() {}

  /// Every genre loaded; none before the load is done.
  var all: [Genre] { genres.withLock { $0 } }

  /// Keeps the loaded list.
  func set(_ list: [Genre]) { genres.withLock { $0 = list } }
}
