import Foundation

/// Carries out commands on a ``Browser``.
public struct CommandRunner: Sendable {
  /// Why a command other than a browsing one could not be carried out.
  public enum Error: Swift.Error, Sendable, Equatable {
    case noGenreList
    case unknownGenre(String, known: [String])
    case noLink(row: Int)

    public var message: String {
      switch self {
      case .noGenreList:
        "This source has no genre list; use 'genre ID' with a number."
      case .unknownGenre(let name, let known):
        "There is no genre '\(name)'"
          + (known.isEmpty ? "." : "; try one of \(known.joined(separator: ", ")).")
      case .noLink(let row):
        "Row \(row) has no link; 'show \(row)' prints what it has."
      }
    }
  }

  public let browser: Browser
  /// Where `genres` and `genre NAME` look genres up; nil when the source has none.
  public let genreSource: (any GenreSource)?
  /// What `open N` hands links to; nil prints them instead.
  public let linkOpener: (any LinkOpener)?
  /// The watchlist and the saved session.
  public let library: LibraryAccess
  /// The browsed source as the library records it: `offline`, or the API's address.
  public let sourceID: String

  public init(
    browser: Browser, genreSource: (any GenreSource)? = nil, linkOpener: (any LinkOpener)? = nil,
    library: LibraryAccess = .off, sourceID: String = "offline"
  ) {
    self.browser = browser
    self.genreSource = genreSource
    self.linkOpener = linkOpener
    self.library = library
    self.sourceID = sourceID
  }

  /// Runs a command; errors are part of the result, never thrown. Commands that work through
  /// many items (`thumb all`) report `progress(done, total)` as they go.
  public func execute(
    _ command: Command,
    progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }
  ) async -> CommandResult {
    var warnings: [String] = []
    do {
      let outcome: CommandOutcome
      switch command {
      case .more:
        if let load = try await browser.loadNextPage() {
          warnings = load.warnings
          outcome = .pageLoaded(await browser.list, rows: load.rows)
        } else {
          outcome = .nothingMoreToLoad(await browser.list)
        }
      case .list:
        outcome = .list(await browser.list)
      case .show(let row):
        let movie = try await browser.movie(atRow: row)
        let cached = try await browser.thumbnailCacheState(row: row)
        outcome = .movie(movie, row: row, thumbnail: cached)
      case .thumb(let row):
        let saved = try await browser.saveThumbnail(row: row)
        warnings += saved.cacheProblem.map { [$0] } ?? []
        outcome = .thumbnailSaved(saved, row: row)
      case .thumbs(let rows):
        let batch = try await browser.saveThumbnails(rows, progress: progress)
        // One warning per distinct cache problem, not one per row.
        var problems: [String] = []
        for row in batch.rows {
          if let problem = batch.saved[row]?.cacheProblem, !problems.contains(problem) {
            problems.append(problem)
          }
        }
        warnings += problems
        outcome = .thumbnailsSaved(batch)
      case .help:
        outcome = .help(moreRemains: await !browser.list.isComplete)
      case .quit:
        outcome = .quit
      case .genre(let nameOrID):
        var query = await browser.list.query
        query.genreID = try await genreID(for: nameOrID)
        (outcome, warnings) = try await restart(with: query)
      case .order(let order):
        var query = await browser.list.query
        query.order = order
        (outcome, warnings) = try await restart(with: query)
      case .genres:
        guard let genreSource else { throw Error.noGenreList }
        outcome = .genres(try await genreSource.genres(), current: await browser.list.query.genreID)
      case .find(let text):
        let list = await browser.list
        outcome = .found(MovieSearch.matches(text, in: list), text: text, list: list)
      case .open(let row):
        outcome = try await open(row: row)
      case .watch, .unwatch, .watchlist, .onWatchlist, .resume:
        (outcome, warnings) = try await executeOnLibrary(command)
      }
      return CommandResult(
        outcome: .success(outcome), warnings: warnings, watched: await watchedKeys(outcome))
    } catch {
      return CommandResult(outcome: .failure(error), warnings: warnings)
    }
  }

  /// Runs a command and renders the result as text.
  public func run(
    _ command: Command, layout: TextRenderer.Layout,
    progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }
  ) async -> Reply {
    TextRenderer(layout: layout).render(await execute(command, progress: progress))
  }

  /// The genres for completion, or none when the source has no list or it fails to load.
  public func genreNames() async -> [String] {
    (try? await genreSource?.genres().map(\.name)) ?? []
  }

  /// `all` (every genre) or a number are used as they are; a name is looked up, ignoring case
  /// and accents.
  private func genreID(for nameOrID: String) async throws -> String {
    if nameOrID.lowercased() == "all" { return "" }
    if nameOrID.allSatisfy(\.isNumber) { return nameOrID }
    guard let genreSource else { throw Error.noGenreList }
    let genres = try await genreSource.genres()
    let wanted = MovieSearch.fold(nameOrID)
    guard let genre = genres.first(where: { MovieSearch.fold($0.name) == wanted }) else {
      throw Error.unknownGenre(nameOrID, known: genres.map(\.name))
    }
    return genre.id
  }

  private func restart(with query: MovieQuery) async throws -> (CommandOutcome, [String]) {
    let load = try await browser.restart(with: query)
    return (.restarted(await browser.list, rows: load.rows), load.warnings)
  }

  /// Only http and https links go to the desktop: a server's `file:` or custom-scheme link
  /// could run something. Anything else is printed, escaped, for the user to judge.
  func open(row: Int) async throws -> CommandOutcome {
    let movie = try await browser.movie(atRow: row)
    return try open(movie, row: row)
  }

  func open(_ movie: Movie, row: Int) throws -> CommandOutcome {
    guard let link = movie.link, !link.isEmpty else { throw Error.noLink(row: row) }
    guard let linkOpener, let url = URL(string: link),
      let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
    else { return .link(link, row: row, opened: false) }
    return .link(link, row: row, opened: linkOpener.open(url))
  }
}
