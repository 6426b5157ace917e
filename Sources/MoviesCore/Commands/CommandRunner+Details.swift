extension CommandRunner {
  /// `show N` and `show fN`: every field of the movie, with what the source fetches on demand;
  /// `early`, when given, gets the list's fields first if the details take a while.
  func show(_ known: Movie, row: RowLabel, early: (@Sendable (CommandOutcome) -> Void)?) async
    -> (CommandOutcome, [String])
  {
    let knownCache = await browser.thumbnails.cacheState(of: known, from: source)
    var announce: (@Sendable () -> Void)?
    if let early {
      announce = { early(.movie(known, row: row, thumbnail: knownCache)) }
    }
    let (movie, problems) = await withDetails(known, retrying: "show \(row)", announce: announce)
    let cached = await browser.thumbnails.cacheState(of: movie, from: source)
    return (.movie(movie, row: row, thumbnail: cached), problems)
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

extension CommandRunner {
  /// `show wN`: the entry as the watchlist keeps it.
  func show(_ entry: WatchEntry, number: Int) async -> (CommandOutcome, [String]) {
    (.watchlistEntry(entry, number: number), [])
  }
}
