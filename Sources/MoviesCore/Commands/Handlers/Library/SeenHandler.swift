import Foundation

/// `seen N` and `unseen N` (and their ranges): a media server is told (its played items, its
/// scrobble); any other source's films go in the library's diary, with the date. Then every
/// row of the title on screen takes its new state (``updateMarks(of:)``).
extension CommandContext {
  /// Marks the movie `target` names seen or not.
  func markSeen(_ seen: Bool, _ target: RowTarget) async throws -> MarkedSeen {
    let source = target.entry?.source ?? sourceID
    if let marker = streamSource?.playedMarker {
      guard source == sourceID else {
        throw SeenError.elsewhere(entry: target.label.number, source: source)
      }
      let before = target.movie.playback?.played ?? false
      let movie = try await marker.mark(target.movie, played: seen)
      await updateMarks(of: movie)
      return MarkedSeen(movie: movie, row: target.label, seen: seen, changed: before != seen)
    }
    let today = Date()
    let changed = try await openLibrary().setSeen(
      seen, movie: target.movie, source: source, on: today)
    let movie = target.movie.changing { $0.playback = Playback(played: seen) }
    if source == sourceID { await updateMarks(of: movie) }
    return MarkedSeen(
      movie: movie, row: target.label, seen: seen, changed: changed, diaryDate: today)
  }

  /// `seen 2-5`, `unseen w1-w3`: every label is looked up before anything changes, so a
  /// range past the end changes nothing; then each is marked in turn.
  func markSeen(_ seen: Bool, onEach labels: RowLabels) async throws -> SeenRangeChange {
    var targets: [RowTarget] = []
    for label in labels.labels { targets.append(try await target(label)) }
    var change = SeenRangeChange(labels: labels, seen: seen)
    for target in targets {
      let marked = try await markSeen(seen, target)
      if marked.changed {
        change.changed.append(target.label)
      } else {
        change.unchanged.append(target.label)
      }
    }
    return change
  }

  /// What was watched of `movie` changed (`play`, `seen`, `unseen`): the list's rows, a
  /// server search's cache, the matches and the watchlist listing in view take it, all by
  /// the title's one identity (``WatchEntry/key(for:)``).
  func updateMarks(of movie: Movie) async {
    await browser.updateMarks(of: movie)
    view.updateMarks(of: movie, from: sourceID)
  }

  /// The entries with what is known of what was watched of them, so the watchlist has the
  /// list's column of marks: the diary's, and for the source browsed what its loaded rows say.
  func marked(_ entries: [WatchEntry]) async -> [WatchEntry] {
    guard case .open(let library) = library else { return entries }
    var diaries: [String: Diary] = [:]
    for source in Set(entries.map(\.source)) {
      let keys = entries.filter { $0.source == source }.map(\.key)
      diaries[source] = try? await library.diary(source: source, among: keys)
    }
    let known = await browser.playback(
      ofTitles: Set(entries.filter { $0.source == sourceID }.map(\.key)))
    return entries.map { entry in
      var entry = entry
      if entry.source == sourceID, let playback = known[entry.key] {
        entry.movie = entry.movie.changing { $0.playback = playback }
      } else if let diary = diaries[entry.source] {
        entry.movie = diary.applied(to: entry.movie)
      }
      return entry
    }
  }
}

/// Why `seen wN` could not mark an entry.
public enum SeenError: Swift.Error, Sendable, Equatable, UserFacingError {
  /// An entry saved from another media server, which alone can be told.
  case elsewhere(entry: Int, source: String)
  /// A film the server named without an id, which it cannot be told about.
  case noIdentity(title: String)

  /// A usage error: the entry is marked where it comes from; a film without an id is the
  /// source's.
  public var code: ErrorCode {
    switch self {
    case .elsewhere: .usage
    case .noIdentity: .source
    }
  }

  /// What went wrong and what to do.
  public var message: String {
    switch self {
    case .elsewhere(let entry, let source):
      "Entry w\(entry) comes from \(RecordedSource.spoken(source)); only that server can be "
        + "told it was seen. Start movies on it to mark it."
    case .noIdentity(let title):
      "The server listed \(TextRenderer.quoted(title)) without an id, so it cannot be told "
        + "whether it was seen."
    }
  }
}
