extension CommandContext {
  /// `show N` and `show fN`: every field of the movie, with what the source fetches on
  /// demand, printed whole once they are in (under the command's spinner), so its lines come
  /// in one order however slow the server is.
  func show(_ known: Movie, row: RowLabel) async -> (any CommandOutcome, [String]) {
    var (movie, problems) = await withDetails(known, retrying: "show \(row)")
    let cached = await thumbnails.cacheState(of: movie, from: source)
    var series: MovieDetails.SeriesParts?
    if movie.kind == .series, source.capabilities.listsSeries {
      let parts = await seriesParts(of: movie, retrying: "show \(row)")
      series = parts.parts
      problems += parts.problems
    }
    return (MovieShown(movie, row: row, thumbnail: cached, series: series), problems)
  }

  /// A series' seasons and, where the source keeps what was watched, its next episode; what
  /// could not be fetched is a line saying so, and the rest still shows.
  private func seriesParts(
    of series: Movie, retrying command: String
  ) async -> (parts: MovieDetails.SeriesParts, problems: [String]) {
    var problems: [String] = []
    var seasons: [Season] = []
    do {
      seasons = try await source.seasons(of: series)
    } catch {
      problems.append(Self.problem(error, retrying: command))
    }
    var next: Movie?
    if source.capabilities.tracksEpisodes {
      do {
        next = try await source.nextEpisode(of: series)
      } catch {
        problems.append(Self.problem(error, retrying: command))
      }
    }
    return (MovieDetails.SeriesParts(seasons: seasons, next: next), problems)
  }

  /// The movie with what the source fetches on demand; when that fails the list's fields
  /// still show, with a line saying why the rest does not and what to type again (`command`,
  /// such as `show 2`).
  func withDetails(_ movie: Movie, retrying command: String) async -> (Movie, [String]) {
    guard source.capabilities.hasDetails else { return (movie, []) }
    do {
      return (try await source.details(for: movie), [])
    } catch {
      return (movie, [Self.problem(error, retrying: command)])
    }
  }

  /// The sentence for what the source could not fetch; a source's failure says what to type
  /// again (`command`).
  private static func problem(_ error: any Swift.Error, retrying command: String) -> String {
    guard let failure = error as? any SourceFailure else {
      return ErrorDescriber.plain.message(for: error)
    }
    let named = ListSwitchFailure(failure: failure, command: command)
    return ErrorDescriber.plain.message(for: named)
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
