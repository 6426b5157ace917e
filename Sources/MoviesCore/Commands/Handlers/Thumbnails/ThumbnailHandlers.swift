/// `thumb N`, `thumb wN`, `thumb N-M` and `thumb all`: the browser checks the rows, the
/// runner's thumbnail store saves.
extension CommandContext {
  /// `thumb N`, `thumb wN` and `thumb fN`: one route from a movie to its saved thumbnail,
  /// the file named as `row` names the movie.
  func saveThumbnail(of movie: Movie, row: RowLabel) async throws -> any CommandOutcome {
    let saved = try await ListSwitchFailure.retrying("thumb \(row)") {
      try await thumbnails.save(movie, row: row, from: source)
    }
    return ThumbnailSaved(saved: saved, row: row.number)
  }

  /// `thumb N-M` and `thumb all`; `thumb all` over ``ThumbRows/askAbove`` rows only when
  /// `confirmed` (a script names the rows instead).
  func saveThumbnails(
    _ rows: ThumbRows, confirmed: Bool, progress: @escaping @Sendable (Int, Int) -> Void
  ) async throws -> (any CommandOutcome, [String]) {
    let wanted = try await thumbnailRows(rows)
    if case .all = rows, wanted.count > ThumbRows.askAbove, !confirmed {
      throw ThumbRows.Error.tooMany(wanted.count, view.rows.kind)
    }
    if case .all = rows, case .watchlist = view.rows, let listing = view.listing {
      return (await saveThumbnails(of: listing, progress: progress), [])
    }
    if case .all = rows, case .matches = view.rows, let matches = view.matches {
      let numbered = matches.enumerated().map { ($0.offset + 1, $0.element) }
      let batch = await thumbnails.save(
        numbered, kind: .match, from: source, progress: progress)
      return (batch, [])
    }
    let batch = await thumbnails.save(
      try await browser.movies(checking: wanted), from: source, progress: progress)
    var warnings: [String] = []
    if case .range(let asked) = rows, let last = batch.rows.last, last < asked.upperBound {
      warnings.append(
        "Only rows 1 to \(last) are loaded, so rows \(last + 1) to \(asked.upperBound) "
          + "were left out; 'more' loads more rows.")
    }
    return (batch, warnings)
  }

  /// `thumb all` after `watchlist`: the entries it listed, w1 to wN; an entry saved from
  /// another source fails on its own, since only that source can load its thumbnail.
  private func saveThumbnails(
    of listing: [WatchEntry], progress: @escaping @Sendable (Int, Int) -> Void
  ) async -> ThumbnailBatch {
    let numbered = listing.enumerated().map { (row: $0.offset + 1, entry: $0.element) }
    let here = numbered.filter { $0.entry.source == sourceID }
    let elsewhere: [(row: Int, error: any Swift.Error)] =
      numbered.filter { $0.entry.source != sourceID }.map {
        ($0.row, WatchlistError.thumbnailElsewhere(entry: $0.row, source: $0.entry.source))
      }
    return await thumbnails.save(
      here.map { ($0.row, $0.entry.movie) }, kind: .entry, refused: elsewhere, from: source,
      progress: progress)
  }

  /// The rows `thumb N-M` or `thumb all` would save: the loaded rows of the range, or the
  /// rows in view (after `watchlist`, its entries' numbers; after a server search, its
  /// matches'). The shell asks before saving
  /// more than ``ThumbRows/askAbove``.
  public func thumbnailRows(_ rows: ThumbRows) async throws -> [Int] {
    switch rows {
    case .range(let range):
      return try await browser.loadedRows(range)
    case .all:
      switch view.rows {
      case .rows(let rows) where !rows.isEmpty: return rows
      case .rows: throw ThumbRows.Error.nothingInView
      case .watchlist(let count) where count > 0 && view.listing != nil: return Array(1...count)
      case .watchlist: throw ThumbRows.Error.nothingInView
      case .matches(let count) where count > 0 && view.matches != nil: return Array(1...count)
      case .matches: throw ThumbRows.Error.nothingInView
      }
    }
  }
}
