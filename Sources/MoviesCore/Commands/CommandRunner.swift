/// Carries out commands on a ``Browser``.
public struct CommandRunner: Sendable {
  public let browser: Browser

  public init(browser: Browser) {
    self.browser = browser
  }

  /// Runs a command; errors are part of the result, never thrown.
  public func execute(_ command: Command) async -> CommandResult {
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
        outcome = .movie(try await browser.movie(atRow: row), row: row)
      case .thumb(let row):
        outcome = .thumbnailSaved(try await browser.saveThumbnail(row: row), row: row)
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
  public func run(_ command: Command, layout: TextRenderer.Layout) async -> Reply {
    TextRenderer(layout: layout).render(await execute(command))
  }
}
