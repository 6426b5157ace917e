/// Carries out commands: finds each one's declaration and runs its handler (``CommandSpec/run``)
/// on the ``CommandContext`` the commands share, then notes what it left in view. The
/// context's members read through it (`runner.browser`).
@dynamicMemberLookup
public struct CommandRunner: Sendable {
  /// Why a command beyond browsing failed.
  public typealias Error = CommandError
  /// Why `play N` did not play.
  public typealias PlayError = MoviesCore.PlayError

  /// What the handlers work on.
  public let context: CommandContext
  /// The commands it knows, their handlers with them: ``CommandSpec/all`` unless told.
  public let commands: [CommandSpec]

  /// A runner over `browser` saving thumbnails through `thumbnails`, with what the other
  /// commands beyond paging use; each of those is optional.
  public init(
    browser: Browser, thumbnails: ThumbnailStore, genreSource: (any GenreSource)? = nil,
    linkOpener: (any LinkOpener)? = nil, library: LibraryAccess = .off,
    sourceID: String = RecordedSource.offline.id, streamSource: (any StreamSource)? = nil,
    player: (any MediaPlayer)? = nil, commands: [CommandSpec] = CommandSpec.all
  ) {
    context = CommandContext(
      browser: browser, thumbnails: thumbnails, genreSource: genreSource,
      linkOpener: linkOpener, library: library, sourceID: sourceID,
      streamSource: streamSource, player: player)
    self.commands = commands
  }

  /// A member of the context: `runner.browser`, `runner.view`.
  public subscript<Value>(dynamicMember member: KeyPath<CommandContext, Value>) -> Value {
    context[keyPath: member]
  }

  /// Runs a command; errors are part of the result, never thrown. Commands that work through
  /// many items (`thumb all`, `find`) report `progress(done, total)` as they go; `find`
  /// reports each batch of matches to `found` as it is found (see ``Browser/scan(for:found:progress:)``).
  /// `confirmed`: the person at the prompt agreed to `thumb all` saving more than
  /// ``ThumbRows/askAbove`` rows (a script must name them).
  public func execute(
    _ command: Command, confirmed: Bool = false,
    progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in },
    found: @escaping @Sendable (_ matches: [MovieSearch.Match], _ largestRow: Int) -> Void = {
      _, _ in
    },
    announce: @escaping @Sendable (_ line: String) -> Bool = { _ in false }
  ) async -> CommandResult {
    var context = context
    (context.confirmed, context.progress, context.found) = (confirmed, progress, found)
    context.announce = announce
    let view = context.view
    let queryBefore = await context.browser.status.query
    do {
      guard let spec = CommandSpec.named(command.name, in: commands) else {
        throw Command.ParseError.unknown(command.name)
      }
      let handled = try await spec.run(command, context)
      view.record(handled.outcome, query: queryBefore)
      return CommandResult(
        outcome: .success(handled.outcome), warnings: handled.warnings,
        stoppedBy: handled.stoppedBy, watched: await context.watchedKeys(handled.outcome),
        view: view.rows)
    } catch {
      return CommandResult(outcome: .failure(error), view: view.rows)
    }
  }

  /// Runs a command and renders the result as text.
  public func run(
    _ command: Command, layout: TextRenderer.Layout,
    progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }
  ) async -> Reply {
    TextRenderer(layout: layout).render(await execute(command, progress: progress))
  }

  /// The rows for `pick`, with their movies; other commands' results carry what they show.
  /// After a page, every row `more` has shown, not that page alone; after a `find` through
  /// the list, its matches; after `watchlist`, its entries from this source (kind `entry`),
  /// numbered as it listed them: only this source can draw their posters; after a server
  /// search, its matches (kind `match`).
  public func rowsInView() async -> (rows: [(row: Int, movie: Movie)], kind: RowLabel.Kind) {
    let view = context.view
    switch view.rows {
    case .watchlist:
      let numbered = (view.listing ?? []).enumerated().filter {
        $0.element.source == context.sourceID
      }
      return (numbered.map { ($0.offset + 1, $0.element.movie) }, .entry)
    case .matches:
      return ((view.matches ?? []).enumerated().map { ($0.offset + 1, $0.element) }, .match)
    case .rows(let rows):
      let browser = context.browser
      if view.rowsAreMatches || rows.isEmpty { return (await browser.movies(atRows: rows), .row) }
      let last = max(await browser.status.shownCount, rows.max() ?? 0)
      return (await browser.movies(atRows: Array(1..<(last + 1))), .row)
    }
  }

  /// The genres for completion, or none when the source has no list or it fails to load.
  public func genreNames() async -> [String] {
    (try? await context.genreSource?.genres().map(\.name)) ?? []
  }

  /// The rows `thumb N-M` or `thumb all` would save (see ``CommandContext/thumbnailRows(_:)``).
  public func thumbnailRows(_ rows: ThumbRows) async throws -> [Int] {
    try await context.thumbnailRows(rows)
  }

  /// The watched keys of this source (see ``CommandContext/watchedKeys()``).
  public func watchedKeys() async -> Set<String>? { await context.watchedKeys() }

  /// Remembers the session for `resume` (see ``CommandContext/saveSession(ifMovedFrom:)``).
  public func saveSession(ifMovedFrom start: ListStatus) async -> String? {
    await context.saveSession(ifMovedFrom: start)
  }
}
