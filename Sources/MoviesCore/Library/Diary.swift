import Foundation

/// What the library's diary says of some films of one source: the films seen, with the day
/// each was marked, for a source that does not know what was watched (TMDb, the offline
/// catalogue, a Hoppin API). `seen N` writes it, `unseen N` takes a film out.
public struct Diary: Sendable, Hashable {
  /// When each film was marked seen, by its key (``WatchEntry/key(for:)``).
  public var seen: [String: Date] = [:]
  /// Whether the diary holds any film of the source: only then do its tables get the column
  /// of `✓`, so a source never marked keeps the table it had.
  public var isKept = false

  /// A diary of `seen`, kept when `isKept`.
  public init(seen: [String: Date] = [:], isKept: Bool = false) {
    self.seen = seen
    self.isKept = isKept
  }

  /// `movie` as the diary has it: played when it is in it; for a kept diary, not played when
  /// it is not (so the table has its column). A movie whose source says what was watched
  /// is left as it is.
  public func applied(to movie: Movie) -> Movie {
    guard movie.playback == nil else { return movie }
    let played = seen[WatchEntry.key(for: movie)] != nil
    guard played || isKept else { return movie }
    return movie.changing { $0.playback = Playback(played: played) }
  }
}

extension Library {
  /// A library that keeps no diary refuses to write one.
  public func setSeen(_ seen: Bool, movie: Movie, source: String, on date: Date)
    async throws(LibraryError) -> Bool
  {
    throw .failed(path: "the library", reason: "it keeps no diary")
  }

  /// A library that keeps no diary has nothing in it.
  public func diary(source: String, among keys: [String]) async throws(LibraryError) -> Diary {
    Diary()
  }
}
