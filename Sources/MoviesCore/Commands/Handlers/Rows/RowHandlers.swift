/// The row commands: one resolver finds the movie a label names (a row of the list, an entry
/// of the watchlist, a match of a server search), and one action does the same to it
/// whatever kind of label named it.
extension CommandContext {
  /// The movie a label names, and for a watchlist entry the entry, whose source may be
  /// another than the one browsed.
  struct RowTarget {
    var movie: Movie
    var label: RowLabel
    var entry: WatchEntry?
  }

  /// Finds the movie `label` names, or throws the sentence that says what there is.
  func target(_ label: RowLabel) async throws -> RowTarget {
    switch label.kind {
    case .row:
      return RowTarget(movie: try await browser.movie(atRow: label.number), label: label)
    case .match:
      guard let matches = view.matches, matches.indices.contains(label.number - 1) else {
        throw MatchError.noSuchMatch(label.number, count: view.matches?.count)
      }
      return RowTarget(movie: matches[label.number - 1], label: label)
    case .entry:
      let entry = try await watchlistEntry(label.number)
      return RowTarget(movie: entry.movie, label: label, entry: entry)
    }
  }

  /// A row command, `show 3` or `watch 2-5`: the handler of every command ``CommandSpec/onRow``
  /// declares.
  func act(_ command: Command) async throws -> Handled {
    switch command {
    case .act(let action, let label):
      let (outcome, warnings) = try await act(action, on: label)
      return Handled(outcome, warnings: warnings)
    case .play(let label, let choices):
      let (outcome, warnings) = try await act(.play, on: try await target(label), choices)
      return Handled(outcome, warnings: warnings)
    case .actOnRange(let action, let labels) where action == .seen || action == .unseen:
      return Handled(try await markSeen(action == .seen, onEach: labels))
    case .actOnRange(.play, let labels):
      return try await playEach(labels)
    case .actOnRange(let action, let labels):
      return Handled(try await act(action, onEach: labels))
    case .thumbs(let rows):
      let (outcome, warnings) = try await saveThumbnails(
        rows, confirmed: confirmed, progress: progress)
      return Handled(outcome, warnings: warnings)
    default:
      throw Command.ParseError.unknown(command.name)
    }
  }

  /// Does `action` to the movie `label` names.
  func act(_ action: Command.RowAction, on label: RowLabel) async throws -> (
    any CommandOutcome, [String]
  ) {
    try await act(action, on: try await target(label))
  }

  private func act(
    _ action: Command.RowAction, on target: RowTarget, _ choices: PlayChoices = PlayChoices()
  ) async throws -> (any CommandOutcome, [String]) {
    let label = target.label
    let elsewhere = target.entry.flatMap { $0.source == sourceID ? nil : $0.source }
    switch action {
    case .show:
      guard let entry = target.entry else {
        return await show(target.movie, row: label)
      }
      return await show(entry, number: label.number)
    case .thumb:
      if let elsewhere {
        throw WatchlistError.thumbnailElsewhere(entry: label.number, source: elsewhere)
      }
      return (try await saveThumbnail(of: target.movie, row: label), [])
    case .open:
      return (try await open(target.movie, row: label), [])
    case .play:
      if let elsewhere {
        throw WatchlistError.playsElsewhere(entry: label.number, source: elsewhere)
      }
      guard target.movie.kind == .series else {
        return try await play(target.movie, row: label, choices)
      }
      return try await play(try await episodeToPlay(of: target.movie), row: label, choices)
    case .trailer, .similar:
      // Only the source it came from knows the film by its id.
      if let elsewhere {
        throw WatchlistError.knownElsewhere(entry: label.number, source: elsewhere)
      }
      return action == .trailer
        ? try await trailer(target.movie, row: label) : try await similar(target.movie, row: label)
    case .watch:
      let entry = target.entry ?? WatchEntry(source: sourceID, movie: target.movie)
      return (Watched(entry: entry, row: label, added: try await openLibrary().add(entry)), [])
    case .seen, .unseen:
      return (try await markSeen(action == .seen, target), [])
    case .unwatch:
      let removed = try await openLibrary().remove(
        source: target.entry?.source ?? sourceID, key: WatchEntry.key(for: target.movie))
      return (Unwatched(movie: target.movie, removed: removed), [])
    }
  }

  /// `watch 2-5`, `unwatch w1-w3`: every label is looked up before anything changes, so a
  /// range past the end changes nothing; then each is done in turn.
  func act(_ action: Command.RangeAction, onEach labels: RowLabels) async throws
    -> WatchRangeChange
  {
    var targets: [RowTarget] = []
    for label in labels.labels { targets.append(try await target(label)) }
    var done: [RowLabel] = []
    var unchanged: [RowLabel] = []
    for target in targets {
      let (outcome, _) = try await act(action.rowAction, on: target)
      let changed =
        (outcome as? Watched)?.added == true || (outcome as? Unwatched)?.removed == true
      if changed { done.append(target.label) } else { unchanged.append(target.label) }
    }
    return WatchRangeChange(
      labels: labels, adding: action == .watch, changed: done, unchanged: unchanged)
  }

  /// Entry `number` as the last `watchlist` numbered it, so `unwatch w1` then `unwatch w2`
  /// takes off what was listed as w2; before the first listing, the watchlist as it is now,
  /// looked up by number through the index rather than read whole.
  func watchlistEntry(_ number: Int) async throws -> WatchEntry {
    if let listing = view.listing {
      guard listing.indices.contains(number - 1) else {
        throw WatchlistError.noSuchEntry(number, count: listing.count)
      }
      return listing[number - 1]
    }
    let (found, count) = try await openLibrary().entry(number)
    guard let found else { throw WatchlistError.noSuchEntry(number, count: count) }
    return found
  }
}
