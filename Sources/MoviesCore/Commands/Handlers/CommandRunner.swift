import Foundation

/// Carries out commands on a ``Browser``, and owns what the commands beyond the list use:
/// the thumbnail store, the genre list, the watchlist, the player.
public struct CommandRunner: Sendable {
  /// Why a command other than a browsing one could not be carried out.
  public enum Error: Swift.Error, Sendable, Equatable, UserFacingError {
    case noGenreList
    case unknownGenre(String, known: [String])
    /// A name that begins several genres', or is near one.
    case unclearGenre(String, GenreName.Problem)
    case noLink(row: RowLabel)
    case noPicker
    /// The desktop's opener ran and failed.
    case openFailed(row: RowLabel, link: String)
    /// Ctrl-C stopped `more N` after some pages had joined the list.
    case cancelledAfter(row: Int)

    /// The code `--json` reports it with.
    public var code: ErrorCode {
      switch self {
      case .noGenreList: .noGenreList
      case .unknownGenre, .unclearGenre: .unknownGenre
      case .noLink: .noLink
      case .noPicker: .noPicker
      case .openFailed: .openFailed
      case .cancelledAfter: .cancelled
      }
    }

    /// What went wrong and, where a command helps, what to type.
    public var message: String {
      switch self {
      case .noGenreList:
        "This source has no genre list; use 'genre ID' with a number."
      case .unknownGenre(let name, let known):
        "There is no genre '\(CommandUsage.excerpt(name))'"
          + (known.isEmpty ? "." : "; try one of \(known.joined(separator: ", ")).")
      case .unclearGenre(let name, .ambiguous(let names)):
        "'\(CommandUsage.excerpt(name))' could be \(names.joined(separator: ", ")); "
          + "type more of it."
      case .unclearGenre(let name, .nearMiss(let genre)):
        "There is no genre '\(CommandUsage.excerpt(name))'; did you mean '\(genre)'?"
      case .noLink(let row):
        "\(row.spoken(capitalized: true)) has no link; 'show \(row)' prints what it has."
      case .noPicker:
        // Only the shell's prompt has a picker; there, a missing fzf is its own message.
        "'pick' works only at a terminal's prompt, not in a script, in JSON mode or with the "
          + "output piped; 'find TEXT' searches anywhere."
      case .openFailed(let row, let link):
        "xdg-open could not open \(row.spoken())'s link \(link); copy it from here."
      case .cancelledAfter(let row):
        "Cancelled after row \(row); the rows loaded before are kept."
      }
    }
  }

  /// The list, its paging and its source.
  public let browser: Browser
  /// Where `thumb` saves and caches images, and where `show N` learns whether a poster is
  /// cached.
  public let thumbnails: ThumbnailStore
  /// Where `genres` and `genre NAME` look genres up; nil when the source has none.
  public let genreSource: (any GenreSource)?
  /// What `open N` hands links to; nil prints them instead.
  public let linkOpener: (any LinkOpener)?
  /// The watchlist and the saved session.
  public let library: LibraryAccess
  /// The browsed source as the library records it: `offline`, or the API's address.
  public let sourceID: String
  /// Where `play N` finds a film's stream; nil when the source has none.
  public let streamSource: (any StreamSource)?
  /// What `play N` hands streams to; nil when no player is installed.
  public let player: (any MediaPlayer)?
  /// The rows in view and the last watchlist listing, which commands act on.
  public let view = ViewState()

  /// A runner over `browser` saving thumbnails through `thumbnails`, with what the other
  /// commands beyond paging use; each of those is optional.
  public init(
    browser: Browser, thumbnails: ThumbnailStore, genreSource: (any GenreSource)? = nil,
    linkOpener: (any LinkOpener)? = nil, library: LibraryAccess = .off,
    sourceID: String = "offline", streamSource: (any StreamSource)? = nil,
    player: (any MediaPlayer)? = nil
  ) {
    self.browser = browser
    self.thumbnails = thumbnails
    self.genreSource = genreSource
    self.linkOpener = linkOpener
    self.library = library
    self.sourceID = sourceID
    self.streamSource = streamSource
    self.player = player
  }

  /// Runs a command; errors are part of the result, never thrown. Commands that work through
  /// many items (`thumb all`, `find`) report `progress(done, total)` as they go; `find`
  /// reports each batch of matches to `found` as it is found (see ``Browser/scan(for:found:progress:)``).
  /// `confirmed`: the person at the prompt agreed to `thumb all` saving more than
  /// ``ThumbRows/askAbove`` rows (a script must name them). `early`, when given, gets the
  /// part of a result that is known before the rest; no command sends one now (`show N`
  /// waits for its details, so its lines keep one order).
  public func execute(
    _ command: Command, confirmed: Bool = false,
    progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in },
    found: @escaping @Sendable (_ matches: [MovieSearch.Match], _ largestRow: Int) -> Void = {
      _, _ in
    },
    early: (@Sendable (CommandOutcome) -> Void)? = nil
  ) async -> CommandResult {
    var warnings: [String] = []
    var stoppedBy: (any Swift.Error)?
    let queryBefore = await browser.status.query
    do {
      let outcome: CommandOutcome
      switch command {
      case .more:
        // One call to the browser brings the page and the list's status: a `more` is that
        // hop and the watchlist's.
        if let load = try await browser.loadNextPage() {
          warnings = load.warnings
          outcome = .pageLoaded(load.added, load.status)
        } else {
          outcome = .nothingMoreToLoad(await browser.status)
        }
      case .skip:
        let (page, status) = try await browser.skipUnreadablePage()
        warnings = ["Skipped page \(page); its rows are missing from the list."]
        outcome = .pageLoaded(.none, status)
      case .morePages(let count):
        (outcome, warnings, stoppedBy) = try await loadPages(count)
      case .list:
        outcome = .list(await browser.shownRows(), await browser.status)
      case .act(let action, let label):
        (outcome, warnings) = try await act(action, on: label, early: early)
      case .actOnRange(let action, let labels):
        outcome = try await act(action, onEach: labels)
      case .thumbs(let rows):
        (outcome, warnings) = try await saveThumbnails(
          rows, confirmed: confirmed, progress: progress)
      case .help:
        outcome = .help(moreRemains: await browser.status.moreRemains, orders: orderWords)
      case .helpOn(let name):
        guard let entry = CommandSpec.named(name) else {
          throw Command.ParseError.unknown(name)
        }
        outcome = .commandHelp(entry, orders: orderWords)
      case .quit:
        outcome = .quit
      case .genre(let nameOrID):
        var query = await browser.status.query.withoutFilters
        let genre = try await Self.genre(for: nameOrID, in: genreSource)
        query.genreID = genre.id
        query.continuing = false
        (outcome, warnings) = try await restart(
          with: query, genreName: genre.name,
          retrying: "genre \(CommandUsage.excerpt(nameOrID))")
      case .order(let order):
        guard source.offers(order: order) else {
          throw SourceRefusal.order(order, offered: source.capabilities.orders ?? [])
        }
        let status = await browser.status
        var query = status.query
        query.order = order
        query.continuing = false
        (outcome, warnings) = try await restart(
          with: query, genreName: status.genreName, retrying: "order \(order)")
      case .genres:
        guard let genreSource else { throw Error.noGenreList }
        outcome = .genres(
          try await genreSource.genres(), current: await browser.status.query.genreID)
      case .find(let text):
        (outcome, warnings) = try await find(text, found: found, progress: progress)
      case .pick:
        throw Error.noPicker
      case .continueWatching:
        (outcome, warnings) = try await continueWatching()
      case .watchlist:
        outcome = .watchlist(try await openLibrary().watchlist())
      case .resume:
        (outcome, warnings) = try await resume(1, retrying: "resume")
      case .resumeSession(let number):
        (outcome, warnings) = try await resume(number, retrying: "resume \(number)")
      case .sessions:
        outcome = .sessions(try await openLibrary().savedSessions(), current: sourceID)
      }
      view.record(outcome, query: queryBefore)
      return CommandResult(
        outcome: .success(outcome), warnings: warnings, stoppedBy: stoppedBy,
        watched: await watchedKeys(outcome), view: view.rows)
    } catch {
      return CommandResult(outcome: .failure(error), warnings: warnings, view: view.rows)
    }
  }

  /// Runs a command and renders the result as text.
  public func run(
    _ command: Command, layout: TextRenderer.Layout,
    progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }
  ) async -> Reply {
    TextRenderer(layout: layout).render(await execute(command, progress: progress))
  }

  /// Where the list comes from: its name is in the banner and the spinner's label.
  public var source: any MovieSource { browser.source }

  /// The words `order` takes on this source, for `help`, Tab and the hint.
  public var orderWords: [String] { OrderName.words(offeredBy: source.capabilities.orders) }

  /// The rows for `pick`, with their movies; other commands' results carry what they show.
  /// After a page, every row `more` has shown, not that page alone; after a `find` through
  /// the list, its matches; after `watchlist`, its entries from this source (kind `entry`),
  /// numbered as it listed them: only this source can draw their posters; after a server
  /// search, its matches (kind `match`).
  public func rowsInView() async -> (rows: [(row: Int, movie: Movie)], kind: RowLabel.Kind) {
    switch view.rows {
    case .watchlist:
      let numbered = (view.listing ?? []).enumerated().filter { $0.element.source == sourceID }
      return (numbered.map { ($0.offset + 1, $0.element.movie) }, .entry)
    case .matches:
      return ((view.matches ?? []).enumerated().map { ($0.offset + 1, $0.element) }, .match)
    case .rows(let rows):
      if view.rowsAreMatches || rows.isEmpty { return (await browser.movies(atRows: rows), .row) }
      let last = max(await browser.status.shownCount, rows.max() ?? 0)
      return (await browser.movies(atRows: Array(1..<(last + 1))), .row)
    }
  }

  /// The genres for completion, or none when the source has no list or it fails to load.
  public func genreNames() async -> [String] {
    (try? await genreSource?.genres().map(\.name)) ?? []
  }

  /// `more N`: loads pages until N are in, everything is, or one fails; the pages loaded
  /// before a failure stay, and the failure is reported with them.
  private func loadPages(_ count: Int) async throws -> (
    CommandOutcome, [String], (any Swift.Error)?
  ) {
    var added = AddedRows.none
    var warnings: [String] = []
    var status: ListStatus?
    for _ in 0..<count {
      let load: Browser.Load?
      do {
        load = try await browser.loadNextPage()
      } catch {
        guard let status else { throw error }
        // The pages loaded before stay: "nothing was changed" would not be true.
        let stopped =
          error is CancellationError ? Error.cancelledAfter(row: status.shownCount) : error
        return (.pageLoaded(added, status), warnings, stopped)
      }
      guard let load else { break }
      status = load.status
      warnings += load.warnings
      added = added.followed(by: load.added)
    }
    guard let status else { return (.nothingMoreToLoad(await browser.status), warnings, nil) }
    return (.pageLoaded(added, status), warnings, nil)
  }

  /// `continue`: the list of the films stopped part way, in the list's page size, when the
  /// source keeps them; like `genre`, it replaces the list only once its first page is in.
  private func continueWatching() async throws -> (CommandOutcome, [String]) {
    guard source.capabilities.resumesWatching else {
      throw SourceRefusal.noPlayback(command: "continue")
    }
    let current = await browser.status.query
    var query = MovieQuery(order: current.order, pageSize: current.pageSize)
    query.continuing = true
    return try await restart(with: query, genreName: nil, retrying: "continue")
  }

  func restart(with query: MovieQuery, genreName: String?, retrying command: String)
    async throws -> (CommandOutcome, [String])
  {
    let load = try await ListSwitchFailure.retrying(command) {
      try await browser.restart(with: query, genreName: genreName)
    }
    return (.restarted(load.added, load.status), load.warnings)
  }
}
