/// Carries out commands on a ``Browser``.
public struct CommandRunner: Sendable {
  public let browser: Browser

  public init(browser: Browser) {
    self.browser = browser
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
      }
      return CommandResult(outcome: .success(outcome), warnings: warnings)
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
}
