extension CommandContext {
  /// `show N` and `show fN`: every field of the movie, with what the source fetches on demand;
  /// `early`, when given, gets the list's fields first if the details take a while.
  func show(_ known: Movie, row: RowLabel, early: (@Sendable (any CommandOutcome) -> Void)?) async
    -> (any CommandOutcome, [String])
  {
    let knownCache = await thumbnails.cacheState(of: known, from: source)
    var announce: (@Sendable () -> Void)?
    if let early {
      announce = { early(MovieShown(known, row: row, thumbnail: knownCache)) }
    }
    let (movie, problems) = await withDetails(known, retrying: "show \(row)", announce: announce)
    let cached = await thumbnails.cacheState(of: movie, from: source)
    return (MovieShown(movie, row: row, thumbnail: cached), problems)
  }

  /// How long `show N` waits for the details before its list fields are shown on their own:
  /// long enough that a quick source prints one block, short enough to feel at once.
  public static let detailsGrace = Duration.milliseconds(150)

  /// The movie with what the source fetches on demand; when that fails the list's fields
  /// still show, with a line saying why the rest does not and what to type again (`command`,
  /// such as `show 2`). `announce` is called once the details have taken ``detailsGrace``, so
  /// the list's fields can be shown meanwhile.
  func withDetails(
    _ movie: Movie, retrying command: String, announce: (@Sendable () -> Void)? = nil
  ) async -> (Movie, [String]) {
    guard source.capabilities.hasDetails else { return (movie, []) }
    let load = { [source] () async -> Result<Movie, any Swift.Error> in
      do {
        return .success(try await source.details(for: movie))
      } catch {
        return .failure(error)
      }
    }
    let loaded: Result<Movie, any Swift.Error>
    if let announce {
      // The timer is a child of this call, cancelled as soon as the details are in.
      loaded = await withTaskGroup(of: Void.self) { group in
        group.addTask {
          guard (try? await Task.sleep(for: Self.detailsGrace)) != nil else { return }
          announce()
        }
        let loaded = await load()
        group.cancelAll()
        return loaded
      }
    } else {
      loaded = await load()
    }
    switch loaded {
    case .success(let full): return (full, [])
    case .failure(let failure as any SourceFailure):
      let named = ListSwitchFailure(failure: failure, command: command)
      return (movie, [ErrorDescriber.plain.message(for: named)])
    case .failure(let error): return (movie, [ErrorDescriber.plain.message(for: error)])
    }
  }
}

extension CommandContext {
  /// `show wN`: the entry with its overview, running time and progress as the source has
  /// them now, kept for the next time, when the entry comes from the source browsed and it
  /// can look one film up; else, or when it cannot be reached, what the watchlist kept.
  func show(_ entry: WatchEntry, number: Int) async -> (any CommandOutcome, [String]) {
    let kept = WatchlistEntryShown(entry: entry, number: number)
    guard entry.source == sourceID else { return (kept, []) }
    let current: Movie?
    do {
      current = try await source.current(entry.movie)
    } catch {
      try? Task.checkCancellation()
      let reason: String
      if let failure = error as? any SourceFailure {
        reason = ListSwitchFailure(failure: failure, command: "show w\(number)").message
      } else {
        reason = ErrorDescriber.plain.message(for: error)
      }
      return (kept, [reason + " What the watchlist kept is shown."])
    }
    guard let current else { return (kept, []) }
    let fresh = entry.refreshed(from: current)
    // Kept for the next time the server is out of reach; a library that cannot be written
    // (read-only) still shows the fresh fields.
    if case .open(let library) = library { _ = try? await library.update(fresh) }
    return (WatchlistEntryShown(entry: fresh, number: number), [])
  }
}
