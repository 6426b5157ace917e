/// `more`, `more N`, `skip` and `list`: the list's pages.
extension CommandContext {
  /// `more`: one call to the browser brings the page and the list's status: a `more` is
  /// that hop and the watchlist's.
  func more() async throws -> Handled {
    guard let load = try await browser.loadNextPage() else {
      return Handled(ListOutcome.nothingMoreToLoad(await browser.status))
    }
    return Handled(ListOutcome.pageLoaded(load.added, load.status), warnings: load.warnings)
  }

  /// `skip`: past a page that could not be read, its rows counted as missing.
  func skip() async throws -> Handled {
    let (page, status) = try await browser.skipUnreadablePage()
    return Handled(
      ListOutcome.pageLoaded(.none, status),
      warnings: ["Skipped page \(page); its rows are missing from the list."])
  }

  /// `list`: the rows up to the browsing position.
  func list() async -> Handled {
    Handled(ListOutcome.list(await browser.shownRows(), await browser.status))
  }

  /// `more N`: loads pages until N are in, everything is, or one fails; the pages loaded
  /// before a failure stay, and the failure is reported with them.
  func loadPages(_ count: Int) async throws -> Handled {
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
          error is CancellationError ? CommandError.cancelledAfter(row: status.shownCount) : error
        return Handled(
          ListOutcome.pageLoaded(added, status), warnings: warnings, stoppedBy: stopped)
      }
      guard let load else { break }
      status = load.status
      warnings += load.warnings
      added = added.followed(by: load.added)
    }
    guard let status else {
      return Handled(ListOutcome.nothingMoreToLoad(await browser.status), warnings: warnings)
    }
    return Handled(ListOutcome.pageLoaded(added, status), warnings: warnings)
  }
}
